// Modal dialogs through sweetalert2, fetched on first use only (never in the first chunk).
const loadSwal = async () => (await import('sweetalert2/dist/sweetalert2.esm.all.js')).default;

// daisyUI buttons instead of sweetalert2's own colours; no `height: auto` on <html>/<body>.
const look = {
  buttonsStyling: false,
  heightAuto: false,
  customClass: {
    popup: 'rounded-2xl',
    actions: 'gap-3',
    confirmButton: 'btn btn-primary rounded-xl normal-case',
    cancelButton: 'btn btn-ghost rounded-xl normal-case',
  },
} as const;

type ConfirmOptions = { title: string; text: string; confirmText: string; danger?: boolean };

/** Asks before something happens; true when the user confirmed. */
export async function confirmDialog({
  title,
  text,
  confirmText,
  danger = false,
}: ConfirmOptions): Promise<boolean> {
  const Swal = await loadSwal();
  const result = await Swal.fire({
    ...look,
    customClass: {
      ...look.customClass,
      confirmButton: `btn ${danger ? 'btn-error' : 'btn-primary'} rounded-xl normal-case`,
    },
    icon: 'warning',
    title,
    text,
    showCancelButton: true,
    confirmButtonText: confirmText,
    cancelButtonText: 'Cancel',
    reverseButtons: true,
  });
  return result.isConfirmed;
}

type PopupOptions = { title: string; text?: string; timer?: number };

/** A notice after something happened; with a timer it closes by itself and has no button. */
export async function successPopup({ title, text, timer }: PopupOptions): Promise<void> {
  const Swal = await loadSwal();
  await Swal.fire({ ...look, icon: 'success', title, text, timer, showConfirmButton: !timer });
}
