// The application: configuration from the environment (ConfigModule), Fareway configured from it
// (forRootAsync with a ConfigService factory), the booking routes and the Fareway exception filter.
import { Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { APP_FILTER } from '@nestjs/core';
import { BookingsController } from './bookings.controller.js';
import { FarewayExceptionFilter } from './fareway-exception.filter.js';
import { FarewayModule } from './fareway.module.js';

@Module({
  imports: [
    ConfigModule.forRoot({ ignoreEnvFile: true }),
    FarewayModule.forRootAsync({
      imports: [ConfigModule],
      inject: [ConfigService],
      useFactory: (config: ConfigService) => ({
        apiKey: config.getOrThrow<string>('FAREWAY_API_KEY'),
        baseUrl: config.get<string>('FAREWAY_BASE_URL') || undefined, // default: production
      }),
    }),
  ],
  controllers: [BookingsController],
  providers: [{ provide: APP_FILTER, useClass: FarewayExceptionFilter }],
})
export class AppModule {}
