// A new resource of a kind (/agents/new, …): page-kit.tsx (decisions 093, 104).
import { KindNew } from '@/components/console/kind-pages/form';
import { kindTitle, newPage } from '../../page-kit';

export const generateMetadata = kindTitle((kind) => `New ${kind.singular}`);

export default newPage(KindNew);
