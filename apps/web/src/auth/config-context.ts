import { createContext, useContext } from 'react';
import type { AppConfig } from '../api/schemas';

export const ConfigContext = createContext<AppConfig | undefined>(undefined);

export function useAppConfig(): AppConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useAppConfig outside AuthSetup');
  return config;
}
