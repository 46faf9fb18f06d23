import { useTranslation } from 'react-i18next';
import { FILE_INPUT_ACCEPT, type VehicleDocument } from '@yuk/shared';
import { FileField } from '../../../components/ui/file-field';

export interface DocumentUploadProps {
  kind: VehicleDocument;
  /** The name of the document the vehicle has now (edit mode), or null. */
  currentName: string | null;
  selected: File | undefined;
  error?: string;
  disabled?: boolean;
  onSelect: (file: File | undefined) => void;
}

/**
 * One document of the vehicle form: the current file (edit mode), the chosen one with its size in MB, and the
 * button whose text says whether it uploads a first file, replaces the current one or changes the chosen one.
 */
export function DocumentUpload({ kind, currentName, selected, error, disabled, onSelect }: DocumentUploadProps) {
  const { t } = useTranslation();
  return (
    <FileField
      label={t(`vehicles.documents.${kind}`)}
      accept={FILE_INPUT_ACCEPT}
      selected={selected}
      current={currentName ? t('terms.file.current', { name: currentName }) : undefined}
      hint={t('vehicles.form.fileHint')}
      error={error}
      disabled={disabled}
      actions={{
        replace: t('vehicles.form.replace'),
        change: t('vehicles.form.changeFile'),
        choose: t('vehicles.form.upload'),
      }}
      onSelect={onSelect}
    />
  );
}
