// The stylesheets of the kinds' components (decision 093): those load with their code, after the
// HTML; named by the kinds' page files (page-kit.tsx, history/[kind]), they are in the page's
// HTML, so a page is styled at its first paint.
import '@/components/history/history.css';
import '@/components/knowledge-bases/knowledge-bases.css';
import '@/components/squads/squads.css';
import '@/components/tools/tools.css';
import '@/components/ui/progress.css';
import '@/components/versions/versions.css';
