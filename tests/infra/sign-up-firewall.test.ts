import { describe, expect, it } from 'vitest';
import { SIGN_UPS_PER_ADDRESS_PER_5_MINUTES } from '../../infra/src/constructs/auth';
import { logicalId, resourcesOf, synth } from './synth';

const { stack, template } = synth();

describe('sign-up farming', () => {
  it('a regional WAF on the user pool blocks an address past its sign-ups per 5 minutes, and nothing else', () => {
    const acls = Object.entries(resourcesOf(template, 'AWS::WAFv2::WebACL'));
    expect(acls).toHaveLength(1);
    const [aclId, { Properties: props }] = acls[0] as (typeof acls)[number];
    expect(props.Scope).toBe('REGIONAL');
    expect(props.DefaultAction).toEqual({ Allow: {} });
    expect(props.Rules).toHaveLength(1);
    const [rule] = props.Rules;
    expect(rule.Action).toEqual({ Block: {} });
    const rate = rule.Statement.RateBasedStatement;
    expect(rate).toMatchObject({
      Limit: SIGN_UPS_PER_ADDRESS_PER_5_MINUTES,
      EvaluationWindowSec: 300,
      AggregateKeyType: 'IP',
    });
    // Only the SignUp call counts: sign-in and token refresh are never limited by it.
    expect(rate.ScopeDownStatement.ByteMatchStatement).toMatchObject({
      FieldToMatch: { SingleHeader: { Name: 'x-amz-target' } },
      PositionalConstraint: 'EXACTLY',
      SearchString: 'AWSCognitoIdentityProviderService.SignUp',
    });

    const associations = Object.values(resourcesOf(template, 'AWS::WAFv2::WebACLAssociation'));
    expect(associations).toHaveLength(1);
    expect(associations[0]?.Properties).toEqual({
      ResourceArn: { 'Fn::GetAtt': [logicalId(stack.auth.userPool), 'Arn'] },
      WebACLArn: { 'Fn::GetAtt': [aclId, 'Arn'] },
    });
  });
});
