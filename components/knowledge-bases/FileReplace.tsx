'use client';
// The stored file of a `file` knowledge base: its name and size, a button to download it, and a
// picker to upload a new one (checked against the 20 MiB limit first) with a progress bar that
// stays when it is done.
import { useId, useRef, useState } from 'react';
import { toast } from '@/lib/client/toast';
import { useCan } from '@/lib/client/access';
import { Button } from '@/components/ui/Button';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { downloadFile, fileProblem, formatBytes, useUploadFile } from '@/lib/client/knowledge-bases';
import type { KnowledgeBaseRecord } from '@/lib/schemas/knowledge-base';

export function FileReplace({ kb }: { kb: KnowledgeBaseRecord }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadFile();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [downloading, setDownloading] = useState(false);
  const hasFile = Boolean(kb.content);
  const mayUpload = useCan('knowledge-bases', 'upload');

  const download = () => {
    const name = kb.filename ?? kb.content;
    setDownloading(true);
    downloadFile(kb.id, name)
      .catch((e: unknown) => toast.error(`Could not download “${name}”: ${e instanceof Error ? e.message : 'unknown error'}`))
      .finally(() => setDownloading(false));
  };

  const send = () => {
    if (!file) {
      setError('Choose a file first');
      return;
    }
    const problem = fileProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    setProgress(0);
    upload.mutate(
      { id: kb.id, file, onProgress: setProgress },
      {
        onSuccess: (record) => {
          toast.success(`File “${record.filename ?? file.name}” uploaded`);
          setFile(null);
          if (input.current) input.current.value = '';
        },
        onError: (e) => {
          setProgress(null);
          setError(e.message);
          toast.error(`Could not upload “${file.name}”`);
        },
      },
    );
  };

  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>File</h2>
      {hasFile ? (
        <dl className="dl">
          <dt>Name</dt>
          <dd>{kb.filename ?? kb.content}</dd>
          <dt>Size</dt>
          <dd>{kb.fileSize != null ? formatBytes(kb.fileSize) : '—'}</dd>
          <dt>Copy</dt>
          <dd>
            <Button onClick={download} pending={downloading}>
              Download
            </Button>
          </dd>
        </dl>
      ) : (
        <p className="callout">{kb.filename ? `“${kb.filename}” has not been uploaded yet.` : 'No file has been uploaded yet.'} Agents cannot read this knowledge base until it has one.</p>
      )}
      {mayUpload.allowed && (
        <>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-file`}>
              {hasFile ? 'Replace the file' : 'Upload the file'}
            </label>
            <input
              ref={input}
              id={`${id}-file`}
              className="input"
              type="file"
              disabled={upload.isPending}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              onChange={(e) => {
                const chosen = e.target.files?.[0] ?? null;
                setFile(chosen);
                setProgress(null);
                setError(chosen ? fileProblem(chosen) : null);
              }}
            />
            <p className="field-hint" id={`${id}-hint`}>
              At most 20 MB.{file && !error ? ` Selected: ${file.name} (${formatBytes(file.size)}).` : ''}
            </p>
            {error && (
              <p className="field-error" id={`${id}-error`}>
                {error}
              </p>
            )}
          </div>
          {progress !== null && <ProgressBar value={progress} label="Upload progress" status={upload.isSuccess && progress >= 1 ? 'Upload complete' : 'Uploading…'} />}
          <div className="row">
            <Button variant="primary" onClick={send} pending={upload.isPending} disabled={!file || Boolean(error)}>
              {hasFile ? 'Upload replacement' : 'Upload file'}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
