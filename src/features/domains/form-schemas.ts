import { CreateBuyerDomainSchema, CreateCompetitorGroupSchema } from '#contract/domains.ts';
import { checkedHostname } from '#src/utils/hostname-field.ts';

// The domains' form schemas: the contract's bodies, with the shared normaliser checked before
// anything is sent.

export const AddDomainFormSchema = CreateBuyerDomainSchema.extend({
  hostname: checkedHostname(CreateBuyerDomainSchema.shape.hostname),
});

export const GroupFormSchema = CreateCompetitorGroupSchema.pick({ name: true });
