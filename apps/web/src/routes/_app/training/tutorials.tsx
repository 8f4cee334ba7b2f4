import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { es } from '@cartera/domain/i18n';
import { ItemsPage } from '../../../features/training/training-items';
import { VideoViewer } from '../../../features/training/video-viewer';

/** '/training/tutorials' ('Tutoriales'): `id` opens that one in the viewer; closing drops it. */
export const Route = createFileRoute('/_app/training/tutorials')({
  validateSearch: z.object({ id: z.string().uuid().optional().catch(undefined) }),
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
