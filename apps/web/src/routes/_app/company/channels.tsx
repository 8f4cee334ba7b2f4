import { createFileRoute } from '@tanstack/react-router';
import { ChannelsPage } from '../../../features/channels/channels-page';

/** '/company/channels' (01 §2): the company's messaging channels, reached from 'Mi Empresa'. */
export const Route = createFileRoute('/_app/company/channels')({
  component: ChannelsPage,
});
