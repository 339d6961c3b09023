import { useDispatch, useSelector } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';

// Features type their selectors against their own slice (structural typing), so they need
// no import from app/; this dispatch type accepts thunks from any feature.
export const useAppDispatch =
  useDispatch.withTypes<ThunkDispatch<unknown, undefined, UnknownAction>>();
export const useAppSelector = useSelector;
