import { createFileRoute } from '@tanstack/react-router';
import { idParam, searchParams } from '../../../lib/search-params';
import { es } from '@cartera/domain/i18n';
import { ItemsPage } from '../../../features/training/training-items';
import { VideoViewer } from '../../../features/training/video-viewer';

/** '/training/tutorials' ('Tutoriales'): `id` opens that one in the viewer; closing drops it. */
export const Route = createFileRoute('/_app/training/tutorials')({
  validateSearch: searchParams({ id: idParam() }),
  component: function TrainingItemsRoute() {
    const { id } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <>
        <ItemsPage
          type="tutorial"
          emptyLabel={es.training.noTutorials}
          onOpen={(item) => void navigate({ search: { id: item.id } })}
        />
        {id && <VideoViewer key={id} id={id} onClose={() => void navigate({ search: {} })} />}
      </>
    );
  },
});
