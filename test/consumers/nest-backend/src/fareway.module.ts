// Fareway as a Nest module: one client per application, injected with @Inject(FAREWAY).
//   FarewayModule.forRoot({ apiKey, baseUrl })                          options known up front
//   FarewayModule.forRootAsync({ inject: [ConfigService], useFactory })  options from config
// The module closes the client in onApplicationShutdown: Nest runs onModuleDestroy, then
// beforeApplicationShutdown, then closes the HTTP server (the requests in flight finish), then
// onApplicationShutdown. Closed in onModuleDestroy, a confirm in flight between its reprice and
// its book is refused (503 client_closed) and the booking stays unbooked.
import {
  ConfigurableModuleBuilder,
  Global,
  Inject,
  Logger,
  Module,
  type BeforeApplicationShutdown,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Fareway, type FarewayOptions } from 'fareway';

/** The injection token of the client: `constructor(@Inject(FAREWAY) fareway: Fareway)`. */
export const FAREWAY = Symbol.for('fareway.client');

const { ConfigurableModuleClass, MODULE_OPTIONS_TOKEN } = new ConfigurableModuleBuilder<FarewayOptions>({
  moduleName: 'Fareway',
})
  .setClassMethodName('forRoot')
  .build();

@Global()
@Module({
  providers: [
    { provide: FAREWAY, inject: [MODULE_OPTIONS_TOKEN], useFactory: (o: FarewayOptions) => new Fareway(o) },
  ],
  exports: [FAREWAY],
})
export class FarewayModule
  extends ConfigurableModuleClass
  implements BeforeApplicationShutdown, OnApplicationShutdown
{
  readonly #log = new Logger('Fareway');
  constructor(@Inject(FAREWAY) private readonly fareway: Fareway) {
    super();
  }

  beforeApplicationShutdown(signal?: string): void {
    if (signal) this.#log.log(`${signal}: finishing the requests in flight`);
  }

  // The HTTP server has closed: no request is in flight any more.
  async onApplicationShutdown(): Promise<void> {
    await this.fareway.close();
    this.#log.log('client closed');
  }
}
