import { createFileRoute } from '@tanstack/react-router';
import { idParam, searchParams } from '../../../../lib/search-params';
import { CoachItemsPage } from '../../../../features/training/coach-side';
import { VideoViewer } from '../../../../features/training/video-viewer';

// A constant: written inline, its type is lost beside `beforeLoad` ({}).
const instancesSearch = searchParams({ id: idParam() });

/** '/comercial/{comercial}/instances': the coach's classes and tutorials (03 §2.3). */
export const Route = createFileRoute('/_app/comercial/$comercial/instances')({
  validateSearch: instancesSearch,
  // Imported when the route is entered: a static import would keep the coach's screens (and
  // what they import) in the first bundle that the login page downloads.
  beforeLoad: async ({ context, params }) => {
    const { requireCoachSide } = await import('../../../../features/training/coach-side');
    await requireCoachSide(context, params.comercial, '/training/instances');
  },
  component: function CoachInstancesRoute() {
    const { id } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <>
        <CoachItemsPage onOpen={(item) => void navigate({ search: { id: item.id } })} />
        {id && <VideoViewer key={id} id={id} onClose={() => void navigate({ search: {} })} />}
      </>
    );
  },
});
