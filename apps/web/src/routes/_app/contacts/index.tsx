import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ContactsPage } from '../../../features/contacts/contacts-page';

const ZFilter = z.object({ code: z.string().min(1).max(60), value: z.string().min(1).max(200) });
const ZOptionalIdParam = z.string().uuid().optional().catch(undefined);
const ZCode = z.string().trim().min(1).max(60).optional().catch(undefined);
const ZDayParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);

/**
 * '/contacts': `search` is the search box; `statusTag`, `origin`, `agentId`, `companyId`,
 * `filters` (custom fields, 02 §7 Lists) and `activeFrom`–`activeTo` (days with timeline
 * activity: a 'Rendimiento' figure's contacts, issue #35) the filters. All survive a reload.
 */
export const Route = createFileRoute('/_app/contacts/')({
  validateSearch: z.object({
    search: z.string().trim().max(100).optional().catch(undefined),
    statusTag: ZCode,
    origin: ZCode,
    agentId: ZOptionalIdParam,
    companyId: ZOptionalIdParam,
    filters: z.array(ZFilter).max(20).optional().catch(undefined),
    activeFrom: ZDayParam,
    activeTo: ZDayParam,
  }),
  component: ContactsRoute,
});

function ContactsRoute() {
  const { search, filters, ...chosen } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ContactsPage
      search={search ?? ''}
      filters={{ ...chosen, filters: filters ?? [] }}
      onSearchChange={(next) =>
        void navigate({
          search: (current) => ({ ...current, search: next || undefined }),
          replace: true,
        })
      }
      onFiltersChange={(next) =>
        void navigate({
          search: (current) => ({
            ...current,
            statusTag: next.statusTag,
            origin: next.origin,
            agentId: next.agentId,
            companyId: next.companyId,
            activeFrom: next.activeFrom,
            activeTo: next.activeTo,
            filters: next.filters.length > 0 ? next.filters : undefined,
          }),
          replace: true,
        })
      }
    />
  );
}
