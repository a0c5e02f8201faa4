// A resource of a kind (/agents/<id>, …): page-kit.tsx (decisions 093, 104).
import { KindDetail } from '@/components/console/kind-pages/detail';
import { detailPage, kindTitle } from '../../page-kit';

export const generateMetadata = kindTitle((kind) => kind.title);

export default detailPage(KindDetail);
