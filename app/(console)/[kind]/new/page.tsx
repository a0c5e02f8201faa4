// A new resource of a kind (/agents/new, …): page-kit.tsx (decision 093).
import { kindTitle, NewPage } from '../../page-kit';

export const generateMetadata = kindTitle((kind) => `New ${kind.singular}`);

export default NewPage;
