import { DEFAULT_LEAD_SOURCE } from '@im/domain';
import { Checkbox, Divider, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, isApiError } from '../../../api/client';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal, type FormModalProps } from '../../../ui/form/form-modal';
import { useAppForm } from '../../../ui/form/use-app-form';
import { toast } from '../../../ui/toasts';
import { type OrganizationOption, OrganizationTypeahead } from '../../../ui/typeahead';
import { AddressFields, EMPTY_ADDRESS, hasAddress } from '../../locations';
import { DuplicatesWarning } from '../components/duplicates-warning';
import {
  RelationFields,
  type RelationFieldValues,
  toRelationRequest,
  validateRelationFields,
} from '../components/relation-fields';
import { useCheckDoubleRelations, useCreateRelation } from '../queries';
import type { Relation, SaveRelationRequest } from '../types';

type Values = RelationFieldValues & {
  address: string;
  number: string;
  number_addition: string;
  postcode: string;
  city: string;
  createnewflow: boolean;
  flow_description: string;
};

interface CreateRelationModalProps extends FormModalProps {
  /** 'Create by organization': the new relation belongs to this organization. */
  organization?: { id: number; name: string };
}

/** Relation create (spec 001 "Relation: create"); afterwards the relation's detail opens. */
export function CreateRelationModal({ opened, onClose, organization }: CreateRelationModalProps) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('relations.newRelation')} size="xl">
      <CreateRelationForm organization={organization} onDone={onClose} />
    </FormModal>
  );
}

function toRequest(v: Values, organization: OrganizationOption | null): SaveRelationRequest {
  const address = {
    address: v.address,
    number: v.number,
    number_addition: v.number_addition,
    postcode: v.postcode,
    city: v.city,
  };
  return {
    ...toRelationRequest(v),
    ...(organization?.id ? { organization_id: organization.id } : {}),
    ...(organization && !organization.id ? { neworganizationname: organization.name } : {}),
    createnewflow: v.createnewflow,
    ...(v.createnewflow && v.flow_description.trim() ? { flow_description: v.flow_description.trim() } : {}),
    ...(hasAddress(address) ? { location: address } : {}),
  };
}

/** The address goes inline as `location`: its field errors come back as `location.postcode`. */
function onAddressFields(error: unknown): unknown {
  if (!isApiError(error)) return error;
  const errors = Object.entries(error.errors).map(([key, messages]) => [
    key.replace(/^location\./, ''),
    messages,
  ]);
  return new ApiError(error.status, error.message, Object.fromEntries(errors));
}

/** What checkfordoublerelations compares: same e-mail, or same surname and postcode plus number. */
function duplicateProbe(v: Values) {
  return {
    name: v.name.trim(),
    surname: v.surname.trim(),
    email: v.email.trim(),
    postcode: v.postcode.trim(),
    number: v.number.trim(),
  };
}

function CreateRelationForm({
  organization: fixed,
  onDone,
}: {
  organization?: { id: number; name: string };
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateRelation();
  const check = useCheckDoubleRelations();
  const [organization, setOrganization] = useState<OrganizationOption | null>(fixed ?? null);
  // The duplicates shown, and for which entered data: saving again with the same data goes ahead.
  const [duplicates, setDuplicates] = useState<{ key: string; relations: Relation[] } | null>(null);
  const { form, inputProps, onSubmit, formError, showServerError } = useAppForm<Values>({
    initialValues: {
      fullname: '',
      name: '',
      nameprefix: '',
      surname: '',
      email: '',
      phone: '',
      mobile: '',
      lead_source: DEFAULT_LEAD_SOURCE,
      flowprofile_id: '',
      buyer_reference: '',
      order_reference: '',
      ...EMPTY_ADDRESS,
      createnewflow: true,
      flow_description: '',
    },
    validate: validateRelationFields,
  });

  const save = (v: Values) =>
    create.mutate(toRequest(v, organization), {
      onSuccess: (relation) => {
        toast.success(t('relations.created'));
        onDone();
        navigate(`/relation_detail/${relation.id}`);
      },
      onError: (error) => showServerError(onAddressFields(error)),
    });

  const submit = onSubmit(async (v) => {
    const probe = duplicateProbe(v);
    const key = JSON.stringify(probe);
    if (duplicates?.key === key) return save(v);
    // The check only warns: when it fails, saving goes ahead.
    const found = await check.mutateAsync(probe).catch(() => [] as Relation[]);
    if (found.length > 0) setDuplicates({ key, relations: found });
    else save(v);
  });

  // The warning belongs to the data it was found for; changing that data checks again.
  const isWarned = duplicates !== null && duplicates.key === JSON.stringify(duplicateProbe(form.values));
  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} />
      <Stack gap="md">
        <RelationFields
          form={form}
          inputProps={inputProps}
          addressSection={
            <>
              <Divider label={t('common.address')} labelPosition="left" />
              <AddressFields inputProps={inputProps} values={form.values} onFill={form.setValues} />
              <Divider />
            </>
          }
        />
        {fixed ? null : (
          <OrganizationTypeahead
            label={t('common.organization')}
            value={organization}
            onChange={setOrganization}
            // '(nieuw)' only names it: the relation save creates it (neworganizationname).
            onCreate={(name) => ({ id: null, name })}
          />
        )}
        <Checkbox
          label={t('relations.createNewFlow')}
          {...inputProps('createnewflow', { type: 'checkbox' })}
        />
        {form.values.createnewflow && (
          <Textarea
            label={t('relations.flowDescription')}
            autosize
            minRows={2}
            {...inputProps('flow_description')}
          />
        )}
        {isWarned && <DuplicatesWarning duplicates={duplicates.relations} />}
        <FormActions
          onCancel={onDone}
          isPending={create.isPending || check.isPending}
          submitColor={isWarned ? 'yellow' : undefined}
          submitLabel={isWarned ? t('relations.saveAnyway') : undefined}
        />
      </Stack>
    </form>
  );
}
