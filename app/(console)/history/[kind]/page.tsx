// A kind's history (/history/agents, /history/models, …): page-kit.tsx (decisions 093, 104).
import { KindHistory } from '@/components/console/kind-pages/history';
import { historyMetadata, historyPage } from '../../page-kit';

export const generateMetadata = historyMetadata;

export default historyPage(KindHistory);
