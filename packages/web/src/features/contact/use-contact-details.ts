import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { fetchContactDetails, selectContactDetails } from './contact-details-slice.ts';

/** The operator's contact details, asked of the server once per visit. */
export function useContactDetails() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    void dispatch(fetchContactDetails());
  }, [dispatch]);
  return useAppSelector(selectContactDetails);
}
