import type { components } from './openapi.gen';

/** Names for the API's shapes, all generated from the server's OpenAPI document. */
type Schemas = components['schemas'];

export type AppConfig = Schemas['AppConfig'];
export type Problem = Schemas['Problem'];
export type ThreadMatch = Schemas['ThreadMatch'];
export type BrandThread = Schemas['BrandThread'];
export type BrandThreadMatch = Schemas['BrandThreadMatch'];
export type ThreadConversion = Schemas['ThreadConversion'];
export type ChartConversion = Schemas['ChartConversion'];
export type BrandMapping = Schemas['BrandMapping'];
export type DominantColors = Schemas['DominantColors'];
export type Pick = Schemas['Pick'];
export type LegendEntry = Schemas['LegendEntry'];
export type StitchPlan = Schemas['StitchPlan'];
export type Project = Schemas['Project'];
export type ProjectList = Schemas['ProjectList'];
export type Credits = Schemas['CreativeCredits'];
export type Idea = Schemas['CreativeIdea'];
export type OwnedThread = Schemas['OwnedThread'];
export type ShoppingList = Schemas['ShoppingList'];
