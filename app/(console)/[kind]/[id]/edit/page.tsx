// A resource's edit page (/agents/<id>/edit, …): page-kit.tsx (decisions 093, 104).
import { KindEdit } from '@/components/console/kind-pages/form';
import { editPage, kindTitle } from '../../../page-kit';

export const generateMetadata = kindTitle((kind) => `Edit ${kind.singular}`);

export default editPage(KindEdit);
