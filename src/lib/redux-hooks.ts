import { useDispatch, useSelector } from 'react-redux';
// Types only (erased at build time): lib never imports app at run time.
import type { AppDispatch, RootState } from '@/app/store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
