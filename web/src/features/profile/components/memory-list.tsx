import Box from '@mui/material/Box';
import { useState } from 'react';
import type { Memory } from '@family/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api';
import { useDeleteMemory } from '../api/use-delete-memory';
import { MemoryItem } from './memory-item';

type MemoryListProps = {
  memories: Memory[];
  /** Who may delete (after confirming): the profile's owner all, or a writer (their id) only their own. */
  canDelete: boolean | number;
};

/** Memories, each deletable by its writer after a confirmation. */
export function MemoryList({ memories, canDelete }: MemoryListProps) {
  const [toDelete, setToDelete] = useState<Memory | null>(null);
  const remove = useDeleteMemory();
  const { toast } = useToast();

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.trigger(toDelete);
      toast({ title: 'Memory deleted successfully' });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) });
    } finally {
      setToDelete(null);
    }
  };

  return (
    <>
      <Box>
        {memories.map((memory) => (
          <MemoryItem
            key={memory.id}
            memory={memory}
            onDelete={canDelete === true || canDelete === memory.user.id ? setToDelete : undefined}
          />
        ))}
      </Box>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete memory"
        description="Are you sure you want to delete this memory? This action cannot be undone."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        destructive
        busy={remove.isMutating}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
