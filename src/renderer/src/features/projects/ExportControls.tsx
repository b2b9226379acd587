import type { ProjectExportType } from '../../api/client.js';

const EXPORT_TYPES: { value: ProjectExportType; label: string }[] = [
  { value: 'auto', label: 'Auto' },
  { value: 'video', label: 'Video' },
  { value: 'audio', label: 'Audio' },
  { value: 'all', label: 'All (video and audio)' },
];

interface ExportControlsProps {
  /** Visual projects have one kind of export: no choice of type. */
  visual: boolean;
  exportType: ProjectExportType;
  setExportType(type: ProjectExportType): void;
  exporting: boolean;
  onExport(): Promise<void>;
}

/** The export type choice (dubbing projects) and the Export button. */
export function ExportControls({ visual, exportType, setExportType, exporting, onExport }: ExportControlsProps) {
  return (
    <>
      {visual ? null : (
        <label className="export-type">
          <span className="visually-hidden">Export as</span>
          <select
            aria-label="Export as"
            value={exportType}
            onChange={(event) => setExportType(event.target.value as ProjectExportType)}
          >
            {EXPORT_TYPES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      )}
      <button type="button" onClick={() => void onExport()} disabled={exporting}>
        {exporting ? 'Exporting…' : 'Export'}
      </button>
    </>
  );
}
