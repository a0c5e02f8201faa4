// A kind's list (/agents, /squads, …): page-kit.tsx, for every kind of the registry (decisions 093, 104).
import { KindList } from '@/components/console/kind-pages/list';
import { kindTitle, listPage } from '../page-kit';

export const generateMetadata = kindTitle((kind) => kind.titlePlural);

export default listPage(KindList);
