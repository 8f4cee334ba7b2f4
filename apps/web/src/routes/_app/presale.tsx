import { createFileRoute } from '@tanstack/react-router';
import { PresalePage } from '../../features/receipts/presale-page';

/** '/presale' 'Crear preventa' (01 §2, §6: comercial, when the company's sale config has presale). */
export const Route = createFileRoute('/_app/presale')({
  component: PresalePage,
});
