import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { es, format } from '@cartera/domain/i18n';
import {
  notificationActionLabel,
  SHIPMENT_MEDIA_TYPES,
  shipmentSetting,
  ZShipmentValues,
  type ShipmentMediaType,
  type ShipmentValues,
} from '@cartera/domain/notifications';
import { formatDateTime } from '../../../lib/dates';
import { useTRPC } from '../../../lib/trpc';
import { useUploads } from '../../../lib/use-uploads';
import type { FieldPlacer } from '../../../ui/form-errors';
import { useEntityForm } from '../../../ui/use-entity-form';
import { NotificationCard } from '../inbox/notification-card';
import { audienceOf, AudienceFields, type AudienceValues } from './audience-fields';
import { ImageField, ScheduleDialog } from './shipment-fields';
import type { Shipment } from './shipment-texts';
import { TemplatesBar, type ShipmentContentValues } from './templates-bar';

const texts = es.notifications.form;

/** The form's values: the shipment's content and its audience, as the fields hold them. */
export interface ShipmentFormValues extends ShipmentContentValues, AudienceValues {}

const EMPTY: ShipmentFormValues = {
  title: '',
  description: '',
  image: null,
  type: 'article',
  redirectURL: '',
  popup: false,
  companies: [],
  groups: [],
  roles: [],
  users: [],
};

function valuesOf(shipment: Shipment | undefined): ShipmentFormValues {
  if (!shipment) return EMPTY;
  return {
    title: shipment.title,
    description: shipment.description,
    image: shipment.image,
    type: shipment.type,
    redirectURL: shipment.redirectURL ?? '',
    popup: shipment.popup,
    ...shipment.audience,
  };
}

/** What the server takes of the values (01 §7: title, description, image, type, redirectURL, popup, users). */
export function shipmentInput(values: ShipmentFormValues) {
  return {
    title: values.title,
    description: values.description,
    image: values.image,
    type: values.type,
    redirectURL: values.redirectURL.trim() || null,
    popup: values.popup,
    audience: audienceOf(values),
  };
}

/** An audience's errors go under its own fields (`audience.companies` → 'companies'). */
const place: FieldPlacer = (parts) =>
  parts[0] === 'audience' ? (parts[1] ?? 'companies') : (parts[0] ?? null);

/**
 * The admins' shipment form (01 §3 Notification form; issue #41): the content (title,
 * description, image through the upload flow, type, link, popup) with templates to start from,
 * the audience (companies, groups of the admins' company, roles, up to 20 users) with the count
 * of users it reaches now, and the card's preview exactly as users will see it. 'Guardar
 * borrador' keeps it; 'Enviar' sends it now, 'Programar' at a later moment.
 */
export function ShipmentForm({ shipment }: { shipment?: Shipment }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [savedId, setSavedId] = useState(shipment?.id ?? null);
  const [scheduling, setScheduling] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useEntityForm<ShipmentFormValues, ShipmentValues>({
    initial: () => valuesOf(shipment),
    schema: ZShipmentValues,
    input: shipmentInput,
    place,
    within: savedId ? 'values' : undefined,
  });
  const { values } = form;
  const uploads = useUploads('notification');

  const create = useMutation(trpc.notification.createShipment.mutationOptions());
  const update = useMutation(trpc.notification.updateShipment.mutationOptions());
  const send = useMutation(trpc.notification.sendShipment.mutationOptions());

  /** Writes the shipment (a new one, or the one already written) and answers its id. */
  async function save(data: ShipmentValues) {
    if (savedId) return (await update.mutateAsync({ id: savedId, values: data })).id;
    const created = await create.mutateAsync(data);
    setSavedId(created.id);
    return created.id;
  }

  function run(then: (id: string) => Promise<string>) {
    form.submit((data) => {
      setBusy(true);
      void save(data)
        .then(then)
        .then(async (message) => {
          await queryClient.invalidateQueries(trpc.notification.pathFilter());
          notifications.show({ color: 'teal', message });
          setScheduling(false);
        })
        .catch((error: unknown) => {
          setScheduling(false);
          form.onError(error);
        })
        .finally(() => setBusy(false));
    });
  }

  const open = (id: string) =>
    navigate({ to: '/grupos/notificaciones/$id', params: { id }, replace: true });

  const saveDraft = () =>
    run(async (id) => {
      await open(id);
      return texts.saved;
    });
  const sendNow = () =>
    run(async (id) => {
      await send.mutateAsync({ id });
      await open(id);
      return texts.sent;
    });
  const sendAt = (at: Date) =>
    run(async (id) => {
      await send.mutateAsync({ id, at });
      await open(id);
      return format(texts.scheduled, { date: formatDateTime(at) });
    });

  const content = {
    title: values.title.trim() || texts.previewTitle,
    body: values.description.trim(),
    setting: shipmentSetting({ ...values, redirectURL: values.redirectURL.trim() || null }),
    actionLabel: notificationActionLabel(values.type),
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        sendNow();
      }}
    >
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <TemplatesBar
              content={values}
              onApply={(template) => form.change(template)}
              disabled={busy}
            />
            <Paper withBorder radius="md" p="md">
              <Stack gap="sm">
                <Title order={2} fz="md">
                  {texts.content}
                </Title>
                <TextInput
                  label={texts.title}
                  required
                  value={values.title}
                  onChange={(event) => form.set('title', event.currentTarget.value)}
                  error={form.errorOf('title')}
                  maxLength={120}
                />
                <Textarea
                  label={texts.description}
                  value={values.description}
                  onChange={(event) => form.set('description', event.currentTarget.value)}
                  error={form.errorOf('description')}
                  autosize
                  minRows={3}
                  maxRows={8}
                  maxLength={2000}
                />
                <ImageField
                  image={values.image}
                  uploads={uploads}
                  error={form.errorOf('image')}
                  onChange={(image) => form.set('image', image)}
                />
                <Stack gap={4}>
                  <Text size="sm" fw={500} id="shipment-type">
                    {texts.type}
                  </Text>
                  <SegmentedControl
                    aria-labelledby="shipment-type"
                    data={SHIPMENT_MEDIA_TYPES.map((type) => ({
                      value: type,
                      label: es.notifications.admin.types[type],
                    }))}
                    value={values.type}
                    onChange={(type) => form.set('type', type as ShipmentMediaType)}
                    style={{ alignSelf: 'flex-start' }}
                  />
                </Stack>
                <TextInput
                  label={texts.redirectURL}
                  description={texts.redirectHint}
                  placeholder="https://"
                  type="url"
                  value={values.redirectURL}
                  onChange={(event) => form.set('redirectURL', event.currentTarget.value)}
                  error={form.errorOf('redirectURL')}
                />
                <Switch
                  label={texts.popup}
                  description={texts.popupHint}
                  checked={values.popup}
                  onChange={(event) => form.set('popup', event.currentTarget.checked)}
                />
              </Stack>
            </Paper>
            <AudienceFields
              values={values}
              onChange={(audience) => form.change(audience)}
              errorOf={form.errorOf}
            />
            {form.message && (
              <Alert color="red" variant="light" role="alert">
                {form.message}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                onClick={saveDraft}
                disabled={busy || uploads.progress !== null}
              >
                {texts.saveDraft}
              </Button>
              <Button
                variant="light"
                onClick={() => setScheduling(true)}
                disabled={busy || uploads.progress !== null}
              >
                {texts.later}
              </Button>
              <Button type="submit" loading={busy} disabled={uploads.progress !== null}>
                {texts.send}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }} style={{ position: 'sticky', top: 16 }}>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="preview">
            <Stack gap="xs">
              <Title order={2} fz="md" id="preview">
                {texts.preview}
              </Title>
              <Text size="xs" c="dimmed">
                {texts.previewHint}
              </Text>
              <Box
                data-testid="shipment-preview"
                p="sm"
                bg="gray.0"
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              >
                <Box maw={content.setting.type === 'banner' ? undefined : 300} ml="auto">
                  <NotificationCard
                    notification={content}
                    layout={content.setting.type}
                    preview
                    onClose={() => undefined}
                  />
                </Box>
              </Box>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      {scheduling && (
        <ScheduleDialog
          initial={shipment?.scheduledAt ?? null}
          busy={busy}
          onClose={() => setScheduling(false)}
          onSchedule={sendAt}
        />
      )}
    </form>
  );
}
