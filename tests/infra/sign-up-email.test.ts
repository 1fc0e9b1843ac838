import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { logicalId, resourcesOf, synth } from './synth';

const QUOTA_WARNING = Match.stringLikeRegexp(
  "Cognito's own e-mail, which stops after about 50 messages a day",
);

describe('sign-up codes and password resets', () => {
  it('go out through Amazon SES from the set address, authorized by its verified domain', () => {
    // Act
    const { stack, template } = synth({ stage: 'prod', sesFromEmail: 'noreply@mail.example.com' });
    // Assess
    const pool = resourcesOf(template, 'AWS::Cognito::UserPool')[logicalId(stack.auth.userPool)];
    expect(pool?.Properties.EmailConfiguration).toEqual({
      EmailSendingAccount: 'DEVELOPER',
      From: 'Thumbnail Studio <noreply@mail.example.com>',
      SourceArn: {
        'Fn::Join': [
          '',
          [
            'arn:',
            { Ref: 'AWS::Partition' },
            ':ses:',
            { Ref: 'AWS::Region' },
            ':',
            { Ref: 'AWS::AccountId' },
            ':identity/mail.example.com',
          ],
        ],
      },
    });
    template.hasOutput('SignUpEmailSender', { Value: 'noreply@mail.example.com through Amazon SES' });
    Annotations.fromStack(stack).hasNoWarning('*', QUOTA_WARNING);
  });

  it("go out through Cognito's own e-mail without the setting, and the output says what that allows", () => {
    // Act
    const { stack, template } = synth({ stage: 'dev' });
    // Assess
    const pool = resourcesOf(template, 'AWS::Cognito::UserPool')[logicalId(stack.auth.userPool)];
    expect(pool?.Properties.EmailConfiguration?.SourceArn).toBeUndefined();
    template.hasOutput('SignUpEmailSender', { Value: Match.stringLikeRegexp('about 50 messages a day') });
    // A disposable stage is for trying things out: no warning.
    Annotations.fromStack(stack).hasNoWarning('*', QUOTA_WARNING);
  });

  it('warn at synth and deploy on a stage that keeps its data and has no SES sender', () => {
    // Act
    const { stack } = synth({ stage: 'production' });
    // Assess
    Annotations.fromStack(stack).hasWarning('*', QUOTA_WARNING);
  });
});
