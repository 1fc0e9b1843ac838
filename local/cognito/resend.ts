/* cognito-local's own objects, typed only as far as this file uses them. */
interface Attribute {
  Name: string;
  Value?: string;
}
interface User {
  Username: string;
  Attributes: Attribute[];
  UserStatus?: string;
}
interface UserPool {
  options: { Id: string };
  getUserByUsername(ctx: unknown, username: string): Promise<User | null>;
  saveUser(ctx: unknown, user: User & Record<string, unknown>): Promise<void>;
}
export interface CognitoServices {
  clock: { get(): Date };
  otp(): string;
  cognito: { getUserPoolForClientId(ctx: unknown, clientId: string): Promise<UserPool> };
  messages: { deliver(ctx: unknown, source: string, ...rest: unknown[]): Promise<void> };
}
type Target = (ctx: unknown, req: Record<string, unknown>) => Promise<unknown>;

/**
 * ResendConfirmationCode, which cognito-local lacks and the app's "send the code again" uses:
 * a new code for an unconfirmed user, delivered like the sign-up one. An unknown user is
 * UserNotFoundException here; the /cognito proxy answers that as Cognito does, as if sent.
 */
export function withResendConfirmationCode(
  router: (target: string) => Target,
  services: CognitoServices,
  userNotFound: () => Error,
) {
  const resend: Target = async (ctx, req) => {
    const clientId = String(req.ClientId ?? '');
    const userPool = await services.cognito.getUserPoolForClientId(ctx, clientId);
    const user = await userPool.getUserByUsername(ctx, String(req.Username ?? ''));
    if (!user) throw userNotFound();
    const email = user.Attributes.find((a) => a.Name === 'email')?.Value ?? '';
    const details = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email };
    if (user.UserStatus === 'UNCONFIRMED') {
      const code = services.otp();
      await services.messages.deliver(
        ctx,
        'ResendCode',
        clientId,
        userPool.options.Id,
        user,
        code,
        req.ClientMetadata,
        details,
      );
      await userPool.saveUser(ctx, {
        ...user,
        UserLastModifiedDate: services.clock.get(),
        ConfirmationCode: code,
      });
    }
    return { CodeDeliveryDetails: details };
  };
  return (target: string): Target => (target === 'ResendConfirmationCode' ? resend : router(target));
}
