// A kind's history (/history/agents, /history/models, …): page-kit.tsx (decision 093).
import { historyMetadata, HistoryPage } from '../../page-kit';

export const generateMetadata = historyMetadata;

export default HistoryPage;
