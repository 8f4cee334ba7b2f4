import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { guardRoute } from '@cartera/domain/policy';
import { CompanyView } from '../../../../features/admin/company-view';
import { guardUserOf } from '../../../../features/auth/session';

/** '/comercial/{companyId}' (01 §2): the admin's view of their company (its root group). */
export const Route = createFileRoute('/_app/comercial/$comercial/')({
  beforeLoad: ({ context, params }) => {
    const { me } = context;
    if (!me || guardRoute(guardUserOf(me), '/grupos').kind !== 'allow') throw redirect({ to: '/' });
    if (me.tenant.id !== params.comercial) throw notFound();
  },
  component: function CompanyViewRoute() {
    const { comercial } = Route.useParams();
    return <CompanyView companyId={comercial} />;
  },
});
