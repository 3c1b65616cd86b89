-- Citus: what a sharded deployment would run once, after the migrations, on the coordinator
-- (docs/decisions/072-citus-ready-keys.md). NOT TESTED: no Citus in CI or on the development machine.
-- Made from the migrated catalog (company tables in foreign-key order: a table after every company table
-- it references); apps/server/src/platform/db/shard-keys.api.test.ts keeps the keys this needs.
-- Regenerate it when a company table is added (the query is in the decision).

-- Platform lists every node reads: reference tables (a copy on every node).
select create_reference_table('company');
select create_reference_table('module');
select create_reference_table('subscription_type');
select create_reference_table('subscription_type_module');
select create_reference_table('document_widget_type');
select create_reference_table('event_trigger');
select create_reference_table('library_set');
select create_reference_table('library_item');
select create_reference_table('system_notification');
-- address_count, login_failure and event_consumer stay plain tables on the coordinator: written often,
-- never joined with a company's rows.

-- Every company table, distributed by company_id and co-located (the default co-location group of
-- integer distribution columns), so a company's rows of every table live on the same node.
select create_distributed_table('accounting_settings', 'company_id');  -- level 0
select create_distributed_table('action_tally', 'company_id');  -- level 0
select create_distributed_table('batch', 'company_id');  -- level 0
select create_distributed_table('company_counter', 'company_id');  -- level 0
select create_distributed_table('company_module', 'company_id');  -- level 0
select create_distributed_table('company_settings', 'company_id');  -- level 0
select create_distributed_table('contact_template', 'company_id');  -- level 0
select create_distributed_table('document_sort_range', 'company_id');  -- level 0
select create_distributed_table('document_tally', 'company_id');  -- level 0
select create_distributed_table('document_type', 'company_id');  -- level 0
select create_distributed_table('domain_event', 'company_id');  -- level 0
select create_distributed_table('flow_document_tally', 'company_id');  -- level 0
select create_distributed_table('flow_import_mapping', 'company_id');  -- level 0
select create_distributed_table('flow_phase', 'company_id');  -- level 0
select create_distributed_table('flow_profile', 'company_id');  -- level 0
select create_distributed_table('flow_sort_range', 'company_id');  -- level 0
select create_distributed_table('flow_tally', 'company_id');  -- level 0
select create_distributed_table('incident_type', 'company_id');  -- level 0
select create_distributed_table('integration_log', 'company_id');  -- level 0
select create_distributed_table('invoice_day_total', 'company_id');  -- level 0
select create_distributed_table('lead_tally', 'company_id');  -- level 0
select create_distributed_table('location_type', 'company_id');  -- level 0
select create_distributed_table('log_item', 'company_id');  -- level 0
select create_distributed_table('mail_template', 'company_id');  -- level 0
select create_distributed_table('media_file', 'company_id');  -- level 0
select create_distributed_table('message_template', 'company_id');  -- level 0
select create_distributed_table('outbox_mail', 'company_id');  -- level 0
select create_distributed_table('product', 'company_id');  -- level 0
select create_distributed_table('relation_tally', 'company_id');  -- level 0
select create_distributed_table('request_once', 'company_id');  -- level 0
select create_distributed_table('search_entry', 'company_id');  -- level 0
select create_distributed_table('stored_file', 'company_id');  -- level 0
select create_distributed_table('subscription', 'company_id');  -- level 0
select create_distributed_table('user', 'company_id');  -- level 0
select create_distributed_table('vertical', 'company_id');  -- level 0
select create_distributed_table('webhook_connection', 'company_id');  -- level 0
select create_distributed_table('calendar_feed', 'company_id');  -- level 1
select create_distributed_table('event_trigger_rule', 'company_id');  -- level 1
select create_distributed_table('flow_import', 'company_id');  -- level 1
select create_distributed_table('integration_connection', 'company_id');  -- level 1
select create_distributed_table('integration_oauth_state', 'company_id');  -- level 1
select create_distributed_table('organization', 'company_id');  -- level 1
select create_distributed_table('partner', 'company_id');  -- level 1
select create_distributed_table('password_reset', 'company_id');  -- level 1
select create_distributed_table('product_table_row', 'company_id');  -- level 1
select create_distributed_table('session', 'company_id');  -- level 1
select create_distributed_table('vertical_data_field', 'company_id');  -- level 1
select create_distributed_table('website', 'company_id');  -- level 1
select create_distributed_table('flow_import_row', 'company_id');  -- level 2
select create_distributed_table('partner_project', 'company_id');  -- level 2
select create_distributed_table('relation', 'company_id');  -- level 2
select create_distributed_table('location', 'company_id');  -- level 3
select create_distributed_table('flow', 'company_id');  -- level 4
select create_distributed_table('action', 'company_id');  -- level 5
select create_distributed_table('calculation', 'company_id');  -- level 5
select create_distributed_table('delayed_rule', 'company_id');  -- level 5
select create_distributed_table('flow_conversation', 'company_id');  -- level 5
select create_distributed_table('flow_data', 'company_id');  -- level 5
select create_distributed_table('flow_mail', 'company_id');  -- level 5
select create_distributed_table('flow_shared_file', 'company_id');  -- level 5
select create_distributed_table('incident', 'company_id');  -- level 5
select create_distributed_table('intake', 'company_id');  -- level 5
select create_distributed_table('lead', 'company_id');  -- level 5
select create_distributed_table('message', 'company_id');  -- level 5
select create_distributed_table('note', 'company_id');  -- level 5
select create_distributed_table('notification', 'company_id');  -- level 5
select create_distributed_table('project', 'company_id');  -- level 5
select create_distributed_table('rule_run', 'company_id');  -- level 5
select create_distributed_table('webhook_delivery', 'company_id');  -- level 5
select create_distributed_table('agenda_item', 'company_id');  -- level 6
select create_distributed_table('assist_mail', 'company_id');  -- level 6
select create_distributed_table('calculation_item', 'company_id');  -- level 6
select create_distributed_table('flow_data_item', 'company_id');  -- level 6
select create_distributed_table('sales_document', 'company_id');  -- level 6
select create_distributed_table('task', 'company_id');  -- level 6
select create_distributed_table('accounting_push', 'company_id');  -- level 7
select create_distributed_table('customer_view', 'company_id');  -- level 7
select create_distributed_table('document_version', 'company_id');  -- level 7
select create_distributed_table('document_widget', 'company_id');  -- level 7
select create_distributed_table('invoice', 'company_id');  -- level 7
select create_distributed_table('partner_project_document_flow', 'company_id');  -- level 7
select create_distributed_table('picture', 'company_id');  -- level 7
select create_distributed_table('task_context_type', 'company_id');  -- level 7
select create_distributed_table('document_response', 'company_id');  -- level 8
select create_distributed_table('invoice_payment', 'company_id');  -- level 8
select create_distributed_table('task_context', 'company_id');  -- level 8
