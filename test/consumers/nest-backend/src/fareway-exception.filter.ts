// Every Fareway error becomes an answer of this API through fareway/http's one table: passenger
// problems 422, a moved price or an expired fare 409, "busy" 503 with Retry-After, the service's
// refusals never 500; the body carries the ids support needs and never the key or passenger data.
// Nest's own exceptions (HttpException, …) and anything else keep Nest's default handling.
import { Catch, Inject, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { FarewayError } from 'fareway';
import { toHttpAnswer } from 'fareway/http';

@Catch(FarewayError)
export class FarewayExceptionFilter implements ExceptionFilter {
  readonly #log = new Logger('Fareway');
  constructor(@Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost) {}

  catch(error: FarewayError, host: ArgumentsHost): void {
    const { httpAdapter } = this.adapterHost;
    const res: unknown = host.switchToHttp().getResponse();
    const answer = toHttpAnswer(error);
    if (answer.status >= 500 && answer.status !== 503)
      this.#log.error(`${error.code} ${JSON.stringify(error.ids)}`);
    for (const [name, value] of Object.entries(answer.headers)) httpAdapter.setHeader(res, name, value);
    httpAdapter.reply(res, answer.body, answer.status);
  }
}
