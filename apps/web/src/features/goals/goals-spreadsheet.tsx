import { useState } from 'react';
import {
  Alert,
  Button,
  FileButton,
  Group,
  List,
  Paper,
  Progress,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { contactReach } from '@cartera/domain/policy';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { postFile } from '../../lib/upload-file';
import { useMe } from '../auth/session';

const texts = es.goals.spreadsheet;
const XLSX_TYPES = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface UploadReport {
  stored: number;
  rejected: Array<{ row: number; seller: string; errors: string[] }>;
}

/**
 * The goals spreadsheet of 'Objetivos' (issue #16 §4): the template of the user's sellers from
 * the week on screen, and its upload with a progress bar and the report of rejected rows.
 */
export function GoalsSpreadsheet({ start }: { start: string }) {
  const me = useMe();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [weeks, setWeeks] = useState('1');
  const [progress, setProgress] = useState<number | null>(null);
  const [report, setReport] = useState<UploadReport | null>(null);
  if (!me) return null;
  // The company for who sees it whole, else the user's own group (the legacy path's group).
  const groupId = contactReach(me.user.roles) === 'tenant' ? me.tenant.id : me.group.id;

  const upload = async (file: File | null) => {
    if (!file) return;
    setReport(null);
    setProgress(0);
    try {
      const answer = await postFile<UploadReport>(`/api/goal/${groupId}/upload`, file, {
        onProgress: setProgress,
      });
      setReport(answer);
      if (answer.stored > 0) {
        notifications.show({ color: 'teal', message: format(texts.stored, { n: answer.stored }) });
        void queryClient.invalidateQueries(trpc.goal.pathFilter());
      }
    } catch (error) {
      notifications.show({ color: 'red', message: userMessageOf(error) });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group gap="sm" align="flex-end">
          <Select
            label={texts.weeks}
            w={110}
            size="xs"
            data={['1', '2', '4', '8']}
            value={weeks}
            onChange={(value) => value && setWeeks(value)}
            allowDeselect={false}
          />
          <Button
            component="a"
            size="xs"
            variant="light"
            href={`/api/goal/template?start=${start}&weeks=${weeks}`}
            download
          >
            {texts.download}
          </Button>
          <FileButton onChange={(file) => void upload(file)} accept={XLSX_TYPES}>
            {(props) => (
              <Button {...props} size="xs" loading={progress !== null}>
                {texts.upload}
              </Button>
            )}
          </FileButton>
        </Group>
        {progress !== null && (
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {texts.uploading}
            </Text>
            <Progress value={progress * 100} aria-label={texts.uploading} />
          </Stack>
        )}
        {report && report.rejected.length > 0 && (
          <Alert
            color="red"
            variant="light"
            title={texts.rejectedTitle}
            data-testid="upload-report"
          >
            <List size="sm" spacing={4}>
              {report.rejected.map((row) => (
                <List.Item key={row.row}>
                  <Text size="sm" span fw={600}>
                    {format(texts.row, { row: row.row })}
                    {row.seller ? ` · ${row.seller}` : ''}:
                  </Text>{' '}
                  {row.errors.join(' ')}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
