'use client';
// "Add task": its name, the agent that runs it (one of the company's agents) and its objective,
// checked with the API's task schema before the node is placed (loaded at the first submit, or
// before: the designer loads it once the canvas is drawn; zod is not in its first load).
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Field } from '@/components/ui/form/Field';
import { SearchableSelect, type SelectOption } from '@/components/ui/SearchableSelect';
import type { TaskFields } from './store';

type Props = {
  open: boolean;
  agents: SelectOption[];
  agentsLoading: boolean;
  onAdd: (fields: TaskFields) => void;
  onClose: () => void;
};

const EMPTY: TaskFields = { name: '', agent: '', objective: '' };

export function AddTaskDialog({ open, agents, agentsLoading, onAdd, onClose }: Props) {
  const [values, setValues] = useState<TaskFields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof TaskFields, string>>>({});
  // Emptied in the very render that opens it, so the dialog never shows the last task's values:
  // emptied after opening, a key typed at once was added to them (React's "state from the
  // previous render" pattern).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setValues(EMPTY);
      setErrors({});
    }
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void import('@/lib/schemas/squad').then(({ squadTask }) => {
      const parsed = squadTask.pick({ name: true, agent: true, objective: true }).safeParse(values);
      if (!parsed.success) {
        const next: typeof errors = {};
        for (const issue of parsed.error.issues) next[issue.path[0] as keyof TaskFields] ??= issue.message;
        setErrors(next);
        return;
      }
      onAdd(parsed.data);
    });
  };

  const set = (field: keyof TaskFields) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  return (
    <Dialog
      open={open}
      title="Add a task"
      className="sd-add-dialog"
      onEscape={onClose}
      wrap={(content) => (
        <form onSubmit={submit} noValidate>
          {content}
        </form>
      )}
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary">
            Add task
          </Button>
        </>
      }
    >
      <Field id="sd-add-name" label="Name" required error={errors.name}>
        {(aria) => <input className="input" data-autofocus value={values.name} onChange={(e) => set('name')(e.target.value)} {...aria} />}
      </Field>
      <Field id="sd-add-agent" label="Agent" required error={errors.agent} hint="The agent that runs this task.">
        {(aria) => (
          <SearchableSelect
            {...aria}
            options={agents}
            loading={agentsLoading}
            value={values.agent}
            onChange={set('agent')}
            placeholder="Choose an agent"
            emptyText="No agents: create one first"
          />
        )}
      </Field>
      <Field id="sd-add-objective" label="Objective" required error={errors.objective}>
        {(aria) => <textarea className="textarea" rows={3} value={values.objective} onChange={(e) => set('objective')(e.target.value)} {...aria} />}
      </Field>
    </Dialog>
  );
}
