import { fromGenerationFields } from '@stitchwise/core';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Authenticator } from '../auth/authenticate.js';
import { problemResponses } from '../contract/fields.js';
import { ANONYMOUS_LIMITS, generateForm, generationResponse, type GenerationEvent } from '../contract/patterns.js';
import { storageFullResponse } from '../contract/storage.js';
import { answerWithEvents, clientGone, wantsEvents } from '../http/event-stream.js';
import { readMultipartForm } from '../http/multipart.js';
import type { ImageIntake } from '../images/intake.js';
import type { StitchService } from '../services/stitch.js';
import { heavyRoute } from '../http/admission.js';

export interface StitchRouteOptions {
  stitch: StitchService;
  intake: ImageIntake;
  auth: Authenticator;
}

const EVENTS_NOTE =
  'With `Accept: text/event-stream` the answer is a stream of GenerationEvent: each stage as it begins, then the result or a problem. ' +
  'Closing the request stops the work on the server; nothing is stored.';

const userForm = generateForm({ signedIn: true });
const visitorForm = generateForm({ signedIn: false });

export const stitchRoutes: FastifyPluginCallbackZod<StitchRouteOptions> = (app, { stitch, intake, auth }, done) => {
  /**
   * Generates from the form; with `Accept: text/event-stream` the stages are sent as they begin. A client
   * that goes away (a cancel, a closed tab) stops the work, and nothing is stored for it.
   */
  const generate = async (request: FastifyRequest, reply: FastifyReply, form: ReturnType<typeof generateForm>, signedIn: boolean) => {
    const signal = clientGone(reply);
    const submitted = await readMultipartForm(request, form);
    const { fields } = submitted;
    // The one renaming of the settings: from the API's names (flags and defaults already read by the form).
    const settings = fromGenerationFields(fields);
    const input = await intake.fromForm(submitted, { allowUrl: true });
    const owner = signedIn ? { user: request.user!, projectName: fields.project_name! } : undefined;
    const client = await auth.clientKey(request);
    try {
      if (!wantsEvents(request)) return await stitch.generate(input, settings, client, owner, { signal });
      return await answerWithEvents<GenerationEvent>(
        request,
        reply,
        async (emit) => ({
          type: 'result',
          plan: await stitch.generate(input, settings, client, owner, {
            signal,
            onStage: (stage) => {
              emit({ type: 'stage', stage });
            },
          }),
        }),
        (problem) => ({ type: 'problem', problem }),
        signal,
      );
    } catch (error) {
      if (!signal.aborted) throw error;
      request.log.debug('generation stopped: the client went away');
      return reply.hijack();
    }
  };

  app.post(
    '/stitch/generate',
    {
      config: heavyRoute(),
      onRequest: auth.requireUser,
      schema: {
        tags: ['stitch'],
        operationId: 'generatePattern',
        summary: 'Generate a stitch chart and save it as a project',
        description:
          `Send \`image_file\` or \`image_url\`, and \`project_name\`. With \`only_owned_threads=true\`, a user who owns fewer than 2 threads gets 400 naming that field. ` +
          EVENTS_NOTE,
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        body: userForm,
        response: { 200: generationResponse, ...problemResponses(400, 401, 413, 415, 422, 429, 503), ...storageFullResponse },
      },
    },
    (request, reply) => generate(request, reply, userForm, true),
  );

  app.post(
    '/stitch/generate/anonymous',
    {
      config: heavyRoute('image', { storesFiles: true }),
      schema: {
        tags: ['stitch'],
        operationId: 'generatePatternAnonymously',
        summary: 'Generate a stitch chart without an account (kept 24 hours)',
        description:
          `Send \`image_file\` or \`image_url\`. Visitors are limited to at most ${ANONYMOUS_LIMITS.maxColors} colours, cell size ${ANONYMOUS_LIMITS.cellSize} and sizes ${ANONYMOUS_LIMITS.maxSides.join(', ')}, ` +
          `without k-means, symbols, background removal, merging or only their own threads: anything else is 403 sign_in_required. ${EVENTS_NOTE}`,
        consumes: ['multipart/form-data'],
        body: visitorForm,
        response: { 200: generationResponse, ...problemResponses(400, 403, 413, 415, 422, 429, 503) },
      },
    },
    (request, reply) => generate(request, reply, visitorForm, false),
  );

  done();
};
