// A kind's list (/agents, /squads, …): page-kit.tsx, for every kind of the registry (decision 093).
import { kindTitle, ListPage } from '../page-kit';

export const generateMetadata = kindTitle((kind) => kind.titlePlural);

export default ListPage;
