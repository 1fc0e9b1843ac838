import { createContext, useContext } from 'react';
import type { RegionSendProps } from '../../../lib/region-send';

/** The chat's send for region edits, for every image in it; null outside a chat that can send. */
export const RegionSendContext = createContext<RegionSendProps | null>(null);

export const useRegionSend = () => useContext(RegionSendContext);
