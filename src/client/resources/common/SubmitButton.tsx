/**
 * The submit button of a dialog's form whose defaults may be sent as they are (so it is enabled
 * before anything is typed), and that is disabled while the form is being sent: a double click
 * sends one request, not two.
 */
import { SaveButton, type SaveButtonProps } from 'react-admin';
import { useFormState } from 'react-hook-form';

export function SubmitButton(props: Omit<SaveButtonProps, 'alwaysEnable'>) {
  const { isSubmitting } = useFormState();
  return <SaveButton {...props} alwaysEnable={!isSubmitting} />;
}
