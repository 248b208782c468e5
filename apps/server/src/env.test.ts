import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv, redact } from './env';

describe('loadEnv', () => {
  it('has working defaults', () => {
    const env = loadEnv({});
    expect(env.port).toBe(8080);
    expect(env.dataDir).toMatch(/data$/);
    expect(env.databaseUrl).toBeNull();
    expect(env.redisUrl).toBeNull();
    expect(env.publicUrl).toBe('http://localhost:8080');
  });

  it.each([
    ['PORT', 'abc', /PORT: expected a whole number/],
    ['PORT', '70000', /PORT: expected a whole number from 0 to 65535/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL: expected a postgres: or postgresql: URL/],
    ['DATABASE_URL', 'not a url', /DATABASE_URL: expected a URL/],
    ['REDIS_URL', 'http://x', /REDIS_URL: expected a redis: or rediss: URL/],
    ['PUBLIC_URL', 'ftp://x', /PUBLIC_URL/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL: expected one of/],
    ['TRUST_PROXY', 'maybe', /TRUST_PROXY: expected true or false/],
  ])('stops on a bad %s with a line naming it', (name, value, message) => {
    expect(() => loadEnv({ [name]: value })).toThrow(EnvError);
    expect(() => loadEnv({ [name]: value })).toThrow(message);
  });

  it('never echoes a password from a bad URL', () => {
    expect(() => loadEnv({ DATABASE_URL: 'mysql://u:secret@h/db' })).not.toThrow(/secret/);
    expect(redact('postgres://u:secret@h:5432/db')).toBe('postgres://u:***@h:5432/db');
  });

  it('derives PUBLIC_URL from PORT and trims a trailing slash', () => {
    expect(loadEnv({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    expect(loadEnv({ PUBLIC_URL: 'https://episodic.example/' }).publicUrl).toBe('https://episodic.example');
  });
});

describe('loadEnv: media', () => {
  it('stores media under DATA_DIR/media by default, served by the server itself', () => {
    const env = loadEnv({ DATA_DIR: '/srv/episodic' });
    expect(env.storage).toEqual({ driver: 'local', dir: '/srv/episodic/media' });
    expect(env.mediaPublicUrl).toBeNull();
    expect(env.ffmpegPath).toBeNull();
  });

  it('configures the S3 driver', () => {
    const env = loadEnv({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'episodic-media',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      MEDIA_PUBLIC_URL: 'https://cdn.example.com/media/',
    });
    expect(env.storage).toEqual({
      driver: 's3',
      bucket: 'episodic-media',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(env.mediaPublicUrl).toBe('https://cdn.example.com/media');
  });

  it.each([
    [{ STORAGE_DRIVER: 'ftp' }, /STORAGE_DRIVER: expected one of local, s3/],
    [{ STORAGE_DRIVER: 's3' }, /S3_BUCKET: required when STORAGE_DRIVER=s3/],
    [{ STORAGE_DRIVER: 's3', S3_BUCKET: 'Bad_Bucket' }, /S3_BUCKET: expected a bucket name/],
    [{ STORAGE_DRIVER: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT/],
    [
      { STORAGE_DRIVER: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'id' },
      /S3_SECRET_ACCESS_KEY: required when S3_ACCESS_KEY_ID is set/,
    ],
    [
      { STORAGE_DRIVER: 's3', S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'sometimes' },
      /S3_FORCE_PATH_STYLE: expected true or false/,
    ],
    [{ MEDIA_PUBLIC_URL: 'cdn.example.com' }, /MEDIA_PUBLIC_URL: expected a URL/],
    [{ FFMPEG_PATH: '/no/such/ffmpeg' }, /FFMPEG_PATH: no file at \/no\/such\/ffmpeg/],
  ])('stops on %j with a line naming the variable', (vars, message) => {
    expect(() => loadEnv(vars)).toThrow(EnvError);
    expect(() => loadEnv(vars)).toThrow(message);
  });

  it('never echoes the S3 secret', () => {
    expect(() => loadEnv({ STORAGE_DRIVER: 's3', S3_BUCKET: 'media', S3_SECRET_ACCESS_KEY: 'topsecret' })).not.toThrow(
      /topsecret/,
    );
  });
});

describe('loadEnv: Stripe', () => {
  it('uses the built-in processor unless Stripe is configured, and needs both secrets', () => {
    expect(loadEnv({}).stripe).toBeNull();
    expect(
      loadEnv({
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      }).stripe,
    ).toEqual({
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_abc',
      publishableKey: 'pk_test_abc',
      apiUrl: null,
      jsUrl: 'https://js.stripe.com/v3/',
    });
    expect(() => loadEnv({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: must be set when STRIPE_SECRET_KEY is/,
    );
    expect(() =>
      loadEnv({
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_PUBLISHABLE_KEY: 'sk_test_x',
      }),
    ).toThrow(/STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key/);
    expect(() =>
      loadEnv({
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      }),
    ).toThrow(/STRIPE_PUBLISHABLE_KEY: is a live key but STRIPE_SECRET_KEY is a test one/);
    expect(
      loadEnv({
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
        STRIPE_JS_URL: 'http://127.0.0.1:9999/v3/',
      }).stripe?.jsUrl,
    ).toBe('http://127.0.0.1:9999/v3/');
    expect(() => loadEnv({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadEnv({ STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() =>
      loadEnv({
        STRIPE_SECRET_KEY: 'pk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      }),
    ).toThrow(/STRIPE_SECRET_KEY.*secret key/);
    expect(() =>
      loadEnv({
        STRIPE_SECRET_KEY: 'pk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      }),
    ).not.toThrow(/pk_test_abc/);
  });
});
