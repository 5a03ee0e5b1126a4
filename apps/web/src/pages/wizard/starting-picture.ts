import { useEffect, useRef } from 'react';
import type { Location } from 'react-router';
import { toast } from 'react-toastify';
import { fromGenerationFields } from '@stitchwise/core';
import { api, unwrap } from '../../api/client';
import type { Project } from '../../api/schemas';
import { defaults, type Picture, type WizardSettings } from './model';

/** Router state with which another page sends a picture into the wizard (an idea from the home page). */
export interface WizardEntry {
  ideaImageUrl?: string;
}

/** A project's settings as the wizard holds them, for 'Regenerate with new settings' (those it recorded). */
export function settingsOfProject(project: Project, fallback: WizardSettings): WizardSettings {
  return { ...fromGenerationFields(project.parameters, fallback), projectName: project.name };
}

async function pictureAt(url: string, name: string): Promise<Picture> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The picture could not be read (${response.status})`);
  const blob = await response.blob();
  return { kind: 'file', file: new File([blob], name, { type: blob.type }) };
}

/**
 * Starts the wizard with a picture another page chose: an idea (router state `ideaImageUrl`), or a
 * project's original picture and settings (`?from=<project id>`), which then opens at the settings.
 */
export function useStartingPicture(location: Location, start: (picture: Picture, settings?: Partial<WizardSettings>) => void): void {
  const started = useRef<string>(undefined);
  const ideaImageUrl = (location.state as WizardEntry | null)?.ideaImageUrl;
  const fromProject = new URLSearchParams(location.search).get('from') ?? undefined;
  useEffect(() => {
    const key = ideaImageUrl ?? fromProject;
    if (!key || started.current === key) return;
    started.current = key;
    void (async () => {
      try {
        if (ideaImageUrl) {
          start(await pictureAt(ideaImageUrl, 'idea.png'));
          return;
        }
        const project: Project = unwrap(await api.GET('/api/stitch/projects/{id}', { params: { path: { id: fromProject! } } }));
        const original = project.outputs.input_image_url;
        if (!original) return void toast.warn('This project keeps no original picture to start again from. Please choose one.');
        start(await pictureAt(original, `${project.name}.${original.split('.').pop() ?? 'png'}`), settingsOfProject(project, defaults(true))); // a project is a signed-in user's
      } catch {
        toast.error('The picture could not be loaded. Please choose one.');
      }
    })();
  }, [ideaImageUrl, fromProject, start]);
}
