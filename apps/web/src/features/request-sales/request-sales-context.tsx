import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { Alert, Button, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { useTRPC } from '../../lib/trpc';
import { RequestEditor, type EditorTarget } from './request-editor';

const t = es.requestSales;

interface RequestSales {
  /** Opens a stored request in the editor. */
  openRequest: (requestId: string) => void;
  /** Starts a new request: the template picker, or straight away with the only template. */
  startRequest: () => void;
}

const RequestSalesContext = createContext<RequestSales | null>(null);

/** The contact page's request editor, for its panel, its composer tab and its timeline. */
export function useRequestSales(): RequestSales | null {
  return useContext(RequestSalesContext);
}

/**
 * Holds the request editor of a contact's page: one modal opened from the 'Solicitudes' panel,
 * the composer's 'Solicitudes' tab and the timeline's request items. Without a contact (the back
 * office's 'Nueva solicitud') the editor asks for the client's data first ('Datos del cliente').
 */
export function RequestSalesProvider({
  contactId,
  enabled,
  children,
}: {
  contactId: string | null;
  enabled: boolean;
  children: ReactNode;
}) {
  const [target, setTarget] = useState<EditorTarget | null>(null);
  const [picking, setPicking] = useState(false);
  const openRequest = useCallback((requestId: string) => setTarget({ requestId }), []);
  const startRequest = useCallback(() => setPicking(true), []);
  const pick = useCallback((templateId: string) => {
    setPicking(false);
    setTarget({ templateId });
  }, []);
  const value = useMemo(() => ({ openRequest, startRequest }), [openRequest, startRequest]);
  if (!enabled) return <>{children}</>;
  return (
    <RequestSalesContext.Provider value={value}>
      {children}
      <TemplatePicker opened={picking} onClose={() => setPicking(false)} onPick={pick} />
      <RequestEditor target={target} contactId={contactId} onClose={() => setTarget(null)} />
    </RequestSalesContext.Provider>
  );
}

/** The templates the user may use; with exactly one it is picked without asking. */
function TemplatePicker({
  opened,
  onClose,
  onPick,
}: {
  opened: boolean;
  onClose: () => void;
  onPick: (templateId: string) => void;
}) {
  const trpc = useTRPC();
  const templates = useQuery(trpc.requestSale.templates.queryOptions({}, { enabled: opened }));
  const usable = (templates.data ?? []).filter((template) => template.active && template.usable);
  const only = opened && templates.isSuccess && usable.length === 1 ? usable[0]!.id : null;
  // Straight to the editor: nothing to choose.
  useEffect(() => {
    if (only) onPick(only);
  }, [only, onPick]);
  return (
    <Modal opened={opened && !only} onClose={onClose} title={t.pickTemplate} size={425} centered>
      <Stack gap="xs">
        {templates.isPending && <Loader size="sm" />}
        {templates.error && (
          <Alert color="red" variant="light" role="alert">
            {es.contactEditor.templatesUnavailable}
          </Alert>
        )}
        {templates.isSuccess && usable.length === 0 && (
          <Text size="sm" c="dimmed">
            {t.noTemplates}
          </Text>
        )}
        {usable.map((template) => (
          <Button
            key={template.id}
            variant="default"
            justify="flex-start"
            onClick={() => onPick(template.id)}
          >
            {template.title}
          </Button>
        ))}
      </Stack>
    </Modal>
  );
}
