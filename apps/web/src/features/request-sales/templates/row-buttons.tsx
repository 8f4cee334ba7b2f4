import { AddRowButton, RemoveRowButton } from '../../../ui/row-buttons';

/** The red bin that removes a row of the template editor (an option, a rule, a status). */
export function RemoveRow({ label, onClick }: { label: string; onClick: () => void }) {
  return <RemoveRowButton label={label} onClick={onClick} red />;
}

/** The light button under a list of the template editor that adds a row to it. */
export function AddRow(props: { label: string; onClick: () => void; disabled?: boolean }) {
  return <AddRowButton {...props} light />;
}
