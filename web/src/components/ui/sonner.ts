// The module ./toast.tsx loads with the first toast, so the bench can name it as loaded on demand.
export { Toaster, toast } from 'sonner';
