// A resource's edit page (/agents/<id>/edit, …): page-kit.tsx (decision 093).
import { EditPage, kindTitle } from '../../../page-kit';

export const generateMetadata = kindTitle((kind) => `Edit ${kind.singular}`);

export default EditPage;
