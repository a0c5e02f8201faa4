// A resource of a kind (/agents/<id>, …): page-kit.tsx (decision 093).
import { DetailPage, kindTitle } from '../../page-kit';

export const generateMetadata = kindTitle((kind) => kind.title);

export default DetailPage;
