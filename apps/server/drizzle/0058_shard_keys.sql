ALTER TABLE "password_reset" DROP CONSTRAINT "password_reset_token_hash_unique";--> statement-breakpoint
ALTER TABLE "session" DROP CONSTRAINT "session_token_hash_unique";--> statement-breakpoint
ALTER TABLE "stored_file" DROP CONSTRAINT "stored_file_storage_key_unique";--> statement-breakpoint
ALTER TABLE "lead" DROP CONSTRAINT "lead_flow_id_unique";--> statement-breakpoint
ALTER TABLE "media_file" DROP CONSTRAINT "media_file_storage_key_unique";--> statement-breakpoint
ALTER TABLE "media_file" DROP CONSTRAINT "media_file_public_token_unique";--> statement-breakpoint
ALTER TABLE "assist_mail" DROP CONSTRAINT "assist_mail_flow_id_flow_id_fk";
--> statement-breakpoint
ALTER TABLE "assist_mail" DROP CONSTRAINT "assist_mail_rule_id_event_trigger_rule_id_fk";
--> statement-breakpoint
ALTER TABLE "assist_mail" DROP CONSTRAINT "assist_mail_mailtemplate_id_mail_template_id_fk";
--> statement-breakpoint
ALTER TABLE "assist_mail" DROP CONSTRAINT "assist_mail_sent_by_user_id_fk";
--> statement-breakpoint
ALTER TABLE "assist_mail" DROP CONSTRAINT "assist_mail_flow_mail_id_flow_mail_id_fk";
--> statement-breakpoint
ALTER TABLE "password_reset" DROP CONSTRAINT "password_reset_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "session" DROP CONSTRAINT "session_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "session" DROP CONSTRAINT "session_impersonator_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "calculation" DROP CONSTRAINT "calculation_flow_id_flow_id_fk";
--> statement-breakpoint
ALTER TABLE "calculation_item" DROP CONSTRAINT "calculation_item_calculation_id_calculation_id_fk";
--> statement-breakpoint
ALTER TABLE "calculation_item" DROP CONSTRAINT "calculation_item_calculationitem_id_calculation_item_id_fk";
--> statement-breakpoint
ALTER TABLE "calculation_item" DROP CONSTRAINT "calculation_item_product_id_product_id_fk";
--> statement-breakpoint
ALTER TABLE "customer_view" DROP CONSTRAINT "customer_view_flow_id_flow_id_fk";
--> statement-breakpoint
ALTER TABLE "customer_view" DROP CONSTRAINT "customer_view_document_id_sales_document_id_fk";
--> statement-breakpoint
ALTER TABLE "document_response" DROP CONSTRAINT "document_response_document_id_sales_document_id_fk";
--> statement-breakpoint
ALTER TABLE "document_response" DROP CONSTRAINT "document_response_version_id_document_version_id_fk";
--> statement-breakpoint
ALTER TABLE "document_response" DROP CONSTRAINT "document_response_signature_file_id_stored_file_id_fk";
--> statement-breakpoint
ALTER TABLE "document_response" DROP CONSTRAINT "document_response_signed_pdf_file_id_stored_file_id_fk";
--> statement-breakpoint
ALTER TABLE "document_version" DROP CONSTRAINT "document_version_document_id_sales_document_id_fk";
--> statement-breakpoint
ALTER TABLE "document_version" DROP CONSTRAINT "document_version_pdf_file_id_stored_file_id_fk";
--> statement-breakpoint
ALTER TABLE "document_version" DROP CONSTRAINT "document_version_einvoice_file_id_stored_file_id_fk";
--> statement-breakpoint
ALTER TABLE "document_widget" DROP CONSTRAINT "document_widget_document_id_sales_document_id_fk";
--> statement-breakpoint
ALTER TABLE "document_widget" DROP CONSTRAINT "document_widget_picture_file_id_stored_file_id_fk";
--> statement-breakpoint
ALTER TABLE "sales_document" DROP CONSTRAINT "sales_document_flow_id_flow_id_fk";
--> statement-breakpoint
ALTER TABLE "sales_document" DROP CONSTRAINT "sales_document_relation_id_relation_id_fk";
--> statement-breakpoint
ALTER TABLE "sales_document" DROP CONSTRAINT "sales_document_calculation_id_calculation_id_fk";
--> statement-breakpoint
ALTER TABLE "sales_document" DROP CONSTRAINT "sales_document_document_type_id_document_type_id_fk";
--> statement-breakpoint
ALTER TABLE "flow_shared_file" DROP CONSTRAINT "flow_shared_file_flow_id_flow_id_fk";
--> statement-breakpoint
ALTER TABLE "flow_shared_file" DROP CONSTRAINT "flow_shared_file_stored_file_id_stored_file_id_fk";
--> statement-breakpoint
ALTER TABLE "flow_import" DROP CONSTRAINT "flow_import_batch_id_batch_id_fk";
--> statement-breakpoint
ALTER TABLE "flow_import" DROP CONSTRAINT "flow_import_undo_batch_id_batch_id_fk";
--> statement-breakpoint
ALTER TABLE "flow_import_row" DROP CONSTRAINT "flow_import_row_import_id_flow_import_id_fk";
--> statement-breakpoint
ALTER TABLE "flow" DROP CONSTRAINT "flow_flow_phase_id_flow_phase_id_fk";
--> statement-breakpoint
ALTER TABLE "flow" DROP CONSTRAINT "flow_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "flow" DROP CONSTRAINT "flow_office_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "flow" DROP CONSTRAINT "flow_project_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "flow" DROP CONSTRAINT "flow_relation_id_relation_id_fk";
--> statement-breakpoint
ALTER TABLE "flow" DROP CONSTRAINT "flow_location_id_location_id_fk";
--> statement-breakpoint
ALTER TABLE "flow" DROP CONSTRAINT "flow_flowprofile_id_flow_profile_id_fk";
--> statement-breakpoint
ALTER TABLE "lead" DROP CONSTRAINT "lead_flow_id_flow_id_fk";
--> statement-breakpoint
ALTER TABLE "flow_data" DROP CONSTRAINT "flow_data_flow_id_flow_id_fk";
--> statement-breakpoint
ALTER TABLE "flow_data_item" DROP CONSTRAINT "flow_data_item_flow_id_flow_id_fk";
--> statement-breakpoint
ALTER TABLE "flow_data_item" DROP CONSTRAINT "flow_data_item_vertical_id_vertical_id_fk";
--> statement-breakpoint
ALTER TABLE "flow_data_item" DROP CONSTRAINT "flow_data_item_intake_id_intake_id_fk";
--> statement-breakpoint
ALTER TABLE "flow_data_item" DROP CONSTRAINT "flow_data_item_project_id_project_id_fk";
--> statement-breakpoint
ALTER TABLE "intake" DROP CONSTRAINT "intake_flow_id_flow_id_fk";
--> statement-breakpoint
ALTER TABLE "intake" DROP CONSTRAINT "intake_relation_id_relation_id_fk";
--> statement-breakpoint
ALTER TABLE "intake" DROP CONSTRAINT "intake_intaketemplate_id_intake_id_fk";
--> statement-breakpoint
ALTER TABLE "picture" DROP CONSTRAINT "picture_flow_id_flow_id_fk";
--> statement-breakpoint
ALTER TABLE "picture" DROP CONSTRAINT "picture_intake_id_intake_id_fk";
--> statement-breakpoint
ALTER TABLE "picture" DROP CONSTRAINT "picture_project_id_project_id_fk";
--> statement-breakpoint
ALTER TABLE "picture" DROP CONSTRAINT "picture_vertical_id_vertical_id_fk";
--> statement-breakpoint
ALTER TABLE "picture" DROP CONSTRAINT "picture_flow_data_item_id_flow_data_item_id_fk";
--> statement-breakpoint
ALTER TABLE "project" DROP CONSTRAINT "project_flow_id_flow_id_fk";
--> statement-breakpoint
ALTER TABLE "project" DROP CONSTRAINT "project_projecttemplate_id_project_id_fk";
--> statement-breakpoint
ALTER TABLE "vertical_data_field" DROP CONSTRAINT "vertical_data_field_vertical_id_vertical_id_fk";
--> statement-breakpoint
ALTER TABLE "incident" DROP CONSTRAINT "incident_incident_type_id_incident_type_id_fk";
--> statement-breakpoint
ALTER TABLE "incident" DROP CONSTRAINT "incident_flow_id_flow_id_fk";
--> statement-breakpoint
ALTER TABLE "incident" DROP CONSTRAINT "incident_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "accounting_push" DROP CONSTRAINT "accounting_push_document_id_sales_document_id_fk";
--> statement-breakpoint
ALTER TABLE "integration_connection" DROP CONSTRAINT "integration_connection_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "integration_oauth_state" DROP CONSTRAINT "integration_oauth_state_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "invoice" DROP CONSTRAINT "invoice_id_sales_document_id_fk";
--> statement-breakpoint
ALTER TABLE "invoice_payment" DROP CONSTRAINT "invoice_payment_invoice_id_invoice_id_fk";
--> statement-breakpoint
ALTER TABLE "location" DROP CONSTRAINT "location_relation_id_relation_id_fk";
--> statement-breakpoint
ALTER TABLE "location" DROP CONSTRAINT "location_organization_id_organization_id_fk";
--> statement-breakpoint
ALTER TABLE "location" DROP CONSTRAINT "location_location_type_id_location_type_id_fk";
--> statement-breakpoint
ALTER TABLE "flow_mail" DROP CONSTRAINT "flow_mail_flow_id_flow_id_fk";
--> statement-breakpoint
ALTER TABLE "flow_mail" DROP CONSTRAINT "flow_mail_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "flow_mail" DROP CONSTRAINT "flow_mail_mail_template_id_mail_template_id_fk";
--> statement-breakpoint
ALTER TABLE "flow_mail" DROP CONSTRAINT "flow_mail_outbox_mail_id_outbox_mail_id_fk";
--> statement-breakpoint
ALTER TABLE "flow_conversation" DROP CONSTRAINT "flow_conversation_flow_id_flow_id_fk";
--> statement-breakpoint
ALTER TABLE "message" DROP CONSTRAINT "message_flow_id_flow_id_fk";
--> statement-breakpoint
ALTER TABLE "message" DROP CONSTRAINT "message_relation_id_relation_id_fk";
--> statement-breakpoint
ALTER TABLE "message" DROP CONSTRAINT "message_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "notification" DROP CONSTRAINT "notification_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "notification" DROP CONSTRAINT "notification_flow_id_flow_id_fk";
--> statement-breakpoint
ALTER TABLE "organization" DROP CONSTRAINT "organization_flowprofile_id_flow_profile_id_fk";
--> statement-breakpoint
ALTER TABLE "partner_project" DROP CONSTRAINT "partner_project_partner_id_partner_id_fk";
--> statement-breakpoint
ALTER TABLE "partner_project" DROP CONSTRAINT "partner_project_flowprofile_id_flow_profile_id_fk";
--> statement-breakpoint
ALTER TABLE "partner_project_document_flow" DROP CONSTRAINT "partner_project_document_flow_partner_project_id_partner_project_id_fk";
--> statement-breakpoint
ALTER TABLE "partner_project_document_flow" DROP CONSTRAINT "partner_project_document_flow_document_id_sales_document_id_fk";
--> statement-breakpoint
ALTER TABLE "partner_project_document_flow" DROP CONSTRAINT "partner_project_document_flow_flow_id_flow_id_fk";
--> statement-breakpoint
ALTER TABLE "partner" DROP CONSTRAINT "partner_flowprofile_id_flow_profile_id_fk";
--> statement-breakpoint
ALTER TABLE "action" DROP CONSTRAINT "action_relation_id_relation_id_fk";
--> statement-breakpoint
ALTER TABLE "action" DROP CONSTRAINT "action_organization_id_organization_id_fk";
--> statement-breakpoint
ALTER TABLE "action" DROP CONSTRAINT "action_flow_id_flow_id_fk";
--> statement-breakpoint
ALTER TABLE "action" DROP CONSTRAINT "action_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "action" DROP CONSTRAINT "action_created_by_user_id_fk";
--> statement-breakpoint
ALTER TABLE "agenda_item" DROP CONSTRAINT "agenda_item_relation_id_relation_id_fk";
--> statement-breakpoint
ALTER TABLE "agenda_item" DROP CONSTRAINT "agenda_item_organization_id_organization_id_fk";
--> statement-breakpoint
ALTER TABLE "agenda_item" DROP CONSTRAINT "agenda_item_flow_id_flow_id_fk";
--> statement-breakpoint
ALTER TABLE "agenda_item" DROP CONSTRAINT "agenda_item_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "agenda_item" DROP CONSTRAINT "agenda_item_intake_id_intake_id_fk";
--> statement-breakpoint
ALTER TABLE "calendar_feed" DROP CONSTRAINT "calendar_feed_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "note" DROP CONSTRAINT "note_relation_id_relation_id_fk";
--> statement-breakpoint
ALTER TABLE "note" DROP CONSTRAINT "note_organization_id_organization_id_fk";
--> statement-breakpoint
ALTER TABLE "note" DROP CONSTRAINT "note_flow_id_flow_id_fk";
--> statement-breakpoint
ALTER TABLE "note" DROP CONSTRAINT "note_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "task" DROP CONSTRAINT "task_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "task" DROP CONSTRAINT "task_flow_id_flow_id_fk";
--> statement-breakpoint
ALTER TABLE "task" DROP CONSTRAINT "task_location_id_location_id_fk";
--> statement-breakpoint
ALTER TABLE "task" DROP CONSTRAINT "task_task_template_id_task_id_fk";
--> statement-breakpoint
ALTER TABLE "task" DROP CONSTRAINT "task_leading_task_id_task_id_fk";
--> statement-breakpoint
ALTER TABLE "task" DROP CONSTRAINT "task_intake_id_intake_id_fk";
--> statement-breakpoint
ALTER TABLE "task" DROP CONSTRAINT "task_project_id_project_id_fk";
--> statement-breakpoint
ALTER TABLE "product_table_row" DROP CONSTRAINT "product_table_row_product_id_product_id_fk";
--> statement-breakpoint
ALTER TABLE "relation" DROP CONSTRAINT "relation_flowprofile_id_flow_profile_id_fk";
--> statement-breakpoint
ALTER TABLE "relation" DROP CONSTRAINT "relation_organization_id_organization_id_fk";
--> statement-breakpoint
ALTER TABLE "task_context" DROP CONSTRAINT "task_context_task_id_task_id_fk";
--> statement-breakpoint
ALTER TABLE "task_context" DROP CONSTRAINT "task_context_task_context_type_id_task_context_type_id_fk";
--> statement-breakpoint
ALTER TABLE "task_context" DROP CONSTRAINT "task_context_vertical_id_vertical_id_fk";
--> statement-breakpoint
ALTER TABLE "task_context" DROP CONSTRAINT "task_context_document_type_id_document_type_id_fk";
--> statement-breakpoint
ALTER TABLE "task_context" DROP CONSTRAINT "task_context_document_template_id_sales_document_id_fk";
--> statement-breakpoint
ALTER TABLE "task_context" DROP CONSTRAINT "task_context_flow_data_item_id_flow_data_item_id_fk";
--> statement-breakpoint
ALTER TABLE "task_context" DROP CONSTRAINT "task_context_document_id_sales_document_id_fk";
--> statement-breakpoint
ALTER TABLE "task_context_type" DROP CONSTRAINT "task_context_type_task_id_task_id_fk";
--> statement-breakpoint
ALTER TABLE "task_context_type" DROP CONSTRAINT "task_context_type_vertical_id_vertical_id_fk";
--> statement-breakpoint
ALTER TABLE "task_context_type" DROP CONSTRAINT "task_context_type_document_type_id_document_type_id_fk";
--> statement-breakpoint
ALTER TABLE "task_context_type" DROP CONSTRAINT "task_context_type_document_template_id_sales_document_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_delivery" DROP CONSTRAINT "webhook_delivery_connection_id_webhook_connection_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_delivery" DROP CONSTRAINT "webhook_delivery_flow_id_flow_id_fk";
--> statement-breakpoint
ALTER TABLE "website" DROP CONSTRAINT "website_flowprofile_id_flow_profile_id_fk";
--> statement-breakpoint
ALTER TABLE "website" DROP CONSTRAINT "website_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "delayed_rule" DROP CONSTRAINT "delayed_rule_rule_id_event_trigger_rule_id_fk";
--> statement-breakpoint
ALTER TABLE "delayed_rule" DROP CONSTRAINT "delayed_rule_flow_id_flow_id_fk";
--> statement-breakpoint
ALTER TABLE "event_trigger_rule" DROP CONSTRAINT "event_trigger_rule_created_by_user_id_fk";
--> statement-breakpoint
ALTER TABLE "rule_run" DROP CONSTRAINT "rule_run_rule_id_event_trigger_rule_id_fk";
--> statement-breakpoint
ALTER TABLE "rule_run" DROP CONSTRAINT "rule_run_flow_id_flow_id_fk";
--> statement-breakpoint
DROP INDEX "calculation_hash_unique";--> statement-breakpoint
DROP INDEX "document_response_version_unique";--> statement-breakpoint
DROP INDEX "document_version_unique";--> statement-breakpoint
DROP INDEX "sales_document_hash_unique";--> statement-breakpoint
DROP INDEX "flow_shared_file_flow_id_stored_file_id_index";--> statement-breakpoint
DROP INDEX "flow_hash_unique";--> statement-breakpoint
DROP INDEX "vertical_data_field_name";--> statement-breakpoint
DROP INDEX "incident_hash_unique";--> statement-breakpoint
DROP INDEX "integration_connection_user_service";--> statement-breakpoint
DROP INDEX "invoice_payment_provider";--> statement-breakpoint
DROP INDEX "message_hash_unique";--> statement-breakpoint
DROP INDEX "partner_project_document_flow_document_id_flow_id_index";--> statement-breakpoint
DROP INDEX "calendar_feed_token";--> statement-breakpoint
DROP INDEX "website_key_unique";--> statement-breakpoint
ALTER TABLE "flow_import_row" DROP CONSTRAINT "flow_import_row_import_id_row_pk";--> statement-breakpoint
ALTER TABLE "assist_mail" DROP CONSTRAINT "assist_mail_pkey";--> statement-breakpoint
ALTER TABLE "password_reset" DROP CONSTRAINT "password_reset_pkey";--> statement-breakpoint
ALTER TABLE "session" DROP CONSTRAINT "session_pkey";--> statement-breakpoint
ALTER TABLE "batch" DROP CONSTRAINT "batch_pkey";--> statement-breakpoint
ALTER TABLE "calculation" DROP CONSTRAINT "calculation_pkey";--> statement-breakpoint
ALTER TABLE "calculation_item" DROP CONSTRAINT "calculation_item_pkey";--> statement-breakpoint
ALTER TABLE "company_module" DROP CONSTRAINT "company_module_pkey";--> statement-breakpoint
ALTER TABLE "company_settings" DROP CONSTRAINT "company_settings_pkey";--> statement-breakpoint
ALTER TABLE "customer_view" DROP CONSTRAINT "customer_view_pkey";--> statement-breakpoint
ALTER TABLE "document_response" DROP CONSTRAINT "document_response_pkey";--> statement-breakpoint
ALTER TABLE "document_type" DROP CONSTRAINT "document_type_pkey";--> statement-breakpoint
ALTER TABLE "document_version" DROP CONSTRAINT "document_version_pkey";--> statement-breakpoint
ALTER TABLE "document_widget" DROP CONSTRAINT "document_widget_pkey";--> statement-breakpoint
ALTER TABLE "sales_document" DROP CONSTRAINT "sales_document_pkey";--> statement-breakpoint
ALTER TABLE "domain_event" DROP CONSTRAINT "domain_event_pkey";--> statement-breakpoint
ALTER TABLE "flow_shared_file" DROP CONSTRAINT "flow_shared_file_pkey";--> statement-breakpoint
ALTER TABLE "stored_file" DROP CONSTRAINT "stored_file_pkey";--> statement-breakpoint
ALTER TABLE "flow_import" DROP CONSTRAINT "flow_import_pkey";--> statement-breakpoint
ALTER TABLE "flow_phase" DROP CONSTRAINT "flow_phase_pkey";--> statement-breakpoint
ALTER TABLE "flow_profile" DROP CONSTRAINT "flow_profile_pkey";--> statement-breakpoint
ALTER TABLE "flow" DROP CONSTRAINT "flow_pkey";--> statement-breakpoint
ALTER TABLE "lead" DROP CONSTRAINT "lead_pkey";--> statement-breakpoint
ALTER TABLE "flow_data" DROP CONSTRAINT "flow_data_pkey";--> statement-breakpoint
ALTER TABLE "flow_data_item" DROP CONSTRAINT "flow_data_item_pkey";--> statement-breakpoint
ALTER TABLE "intake" DROP CONSTRAINT "intake_pkey";--> statement-breakpoint
ALTER TABLE "picture" DROP CONSTRAINT "picture_pkey";--> statement-breakpoint
ALTER TABLE "project" DROP CONSTRAINT "project_pkey";--> statement-breakpoint
ALTER TABLE "vertical" DROP CONSTRAINT "vertical_pkey";--> statement-breakpoint
ALTER TABLE "vertical_data_field" DROP CONSTRAINT "vertical_data_field_pkey";--> statement-breakpoint
ALTER TABLE "incident" DROP CONSTRAINT "incident_pkey";--> statement-breakpoint
ALTER TABLE "incident_type" DROP CONSTRAINT "incident_type_pkey";--> statement-breakpoint
ALTER TABLE "accounting_push" DROP CONSTRAINT "accounting_push_pkey";--> statement-breakpoint
ALTER TABLE "accounting_settings" DROP CONSTRAINT "accounting_settings_pkey";--> statement-breakpoint
ALTER TABLE "integration_connection" DROP CONSTRAINT "integration_connection_pkey";--> statement-breakpoint
ALTER TABLE "integration_log" DROP CONSTRAINT "integration_log_pkey";--> statement-breakpoint
ALTER TABLE "integration_oauth_state" DROP CONSTRAINT "integration_oauth_state_pkey";--> statement-breakpoint
ALTER TABLE "invoice" DROP CONSTRAINT "invoice_pkey";--> statement-breakpoint
ALTER TABLE "invoice_payment" DROP CONSTRAINT "invoice_payment_pkey";--> statement-breakpoint
ALTER TABLE "media_file" DROP CONSTRAINT "media_file_pkey";--> statement-breakpoint
ALTER TABLE "location" DROP CONSTRAINT "location_pkey";--> statement-breakpoint
ALTER TABLE "location_type" DROP CONSTRAINT "location_type_pkey";--> statement-breakpoint
ALTER TABLE "log_item" DROP CONSTRAINT "log_item_pkey";--> statement-breakpoint
ALTER TABLE "outbox_mail" DROP CONSTRAINT "outbox_mail_pkey";--> statement-breakpoint
ALTER TABLE "contact_template" DROP CONSTRAINT "contact_template_pkey";--> statement-breakpoint
ALTER TABLE "flow_mail" DROP CONSTRAINT "flow_mail_pkey";--> statement-breakpoint
ALTER TABLE "mail_template" DROP CONSTRAINT "mail_template_pkey";--> statement-breakpoint
ALTER TABLE "message_template" DROP CONSTRAINT "message_template_pkey";--> statement-breakpoint
ALTER TABLE "flow_conversation" DROP CONSTRAINT "flow_conversation_pkey";--> statement-breakpoint
ALTER TABLE "message" DROP CONSTRAINT "message_pkey";--> statement-breakpoint
ALTER TABLE "notification" DROP CONSTRAINT "notification_pkey";--> statement-breakpoint
ALTER TABLE "organization" DROP CONSTRAINT "organization_pkey";--> statement-breakpoint
ALTER TABLE "partner_project" DROP CONSTRAINT "partner_project_pkey";--> statement-breakpoint
ALTER TABLE "partner_project_document_flow" DROP CONSTRAINT "partner_project_document_flow_pkey";--> statement-breakpoint
ALTER TABLE "partner" DROP CONSTRAINT "partner_pkey";--> statement-breakpoint
ALTER TABLE "action" DROP CONSTRAINT "action_pkey";--> statement-breakpoint
ALTER TABLE "agenda_item" DROP CONSTRAINT "agenda_item_pkey";--> statement-breakpoint
ALTER TABLE "calendar_feed" DROP CONSTRAINT "calendar_feed_pkey";--> statement-breakpoint
ALTER TABLE "note" DROP CONSTRAINT "note_pkey";--> statement-breakpoint
ALTER TABLE "task" DROP CONSTRAINT "task_pkey";--> statement-breakpoint
ALTER TABLE "product" DROP CONSTRAINT "product_pkey";--> statement-breakpoint
ALTER TABLE "product_table_row" DROP CONSTRAINT "product_table_row_pkey";--> statement-breakpoint
ALTER TABLE "relation" DROP CONSTRAINT "relation_pkey";--> statement-breakpoint
ALTER TABLE "relation_tally" DROP CONSTRAINT "relation_tally_pkey";--> statement-breakpoint
ALTER TABLE "subscription" DROP CONSTRAINT "subscription_pkey";--> statement-breakpoint
ALTER TABLE "task_context" DROP CONSTRAINT "task_context_pkey";--> statement-breakpoint
ALTER TABLE "task_context_type" DROP CONSTRAINT "task_context_type_pkey";--> statement-breakpoint
ALTER TABLE "user" DROP CONSTRAINT "user_pkey";--> statement-breakpoint
ALTER TABLE "webhook_connection" DROP CONSTRAINT "webhook_connection_pkey";--> statement-breakpoint
ALTER TABLE "webhook_delivery" DROP CONSTRAINT "webhook_delivery_pkey";--> statement-breakpoint
ALTER TABLE "website" DROP CONSTRAINT "website_pkey";--> statement-breakpoint
ALTER TABLE "delayed_rule" DROP CONSTRAINT "delayed_rule_pkey";--> statement-breakpoint
ALTER TABLE "event_trigger_rule" DROP CONSTRAINT "event_trigger_rule_pkey";--> statement-breakpoint
ALTER TABLE "rule_run" DROP CONSTRAINT "rule_run_pkey";--> statement-breakpoint
ALTER TABLE "assist_mail" ADD CONSTRAINT "assist_mail_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "password_reset" ADD CONSTRAINT "password_reset_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "batch" ADD CONSTRAINT "batch_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "calculation" ADD CONSTRAINT "calculation_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "calculation_item" ADD CONSTRAINT "calculation_item_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "company_module" ADD CONSTRAINT "company_module_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "customer_view" ADD CONSTRAINT "customer_view_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "document_response" ADD CONSTRAINT "document_response_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "document_type" ADD CONSTRAINT "document_type_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "document_version" ADD CONSTRAINT "document_version_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "document_widget" ADD CONSTRAINT "document_widget_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "sales_document" ADD CONSTRAINT "sales_document_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "domain_event" ADD CONSTRAINT "domain_event_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "flow_shared_file" ADD CONSTRAINT "flow_shared_file_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "stored_file" ADD CONSTRAINT "stored_file_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "flow_import" ADD CONSTRAINT "flow_import_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "flow_import_row" ADD CONSTRAINT "flow_import_row_import_id_row_company_id_pk" PRIMARY KEY("import_id","row","company_id");--> statement-breakpoint
ALTER TABLE "flow_phase" ADD CONSTRAINT "flow_phase_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "flow_profile" ADD CONSTRAINT "flow_profile_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "flow" ADD CONSTRAINT "flow_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "lead" ADD CONSTRAINT "lead_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "flow_data" ADD CONSTRAINT "flow_data_flow_id_company_id_pk" PRIMARY KEY("flow_id","company_id");--> statement-breakpoint
ALTER TABLE "flow_data_item" ADD CONSTRAINT "flow_data_item_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "intake" ADD CONSTRAINT "intake_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "picture" ADD CONSTRAINT "picture_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "vertical" ADD CONSTRAINT "vertical_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "vertical_data_field" ADD CONSTRAINT "vertical_data_field_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "incident" ADD CONSTRAINT "incident_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "incident_type" ADD CONSTRAINT "incident_type_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "accounting_push" ADD CONSTRAINT "accounting_push_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "accounting_settings" ADD CONSTRAINT "accounting_settings_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "integration_connection" ADD CONSTRAINT "integration_connection_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "integration_log" ADD CONSTRAINT "integration_log_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "integration_oauth_state" ADD CONSTRAINT "integration_oauth_state_state_company_id_pk" PRIMARY KEY("state","company_id");--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "invoice_payment" ADD CONSTRAINT "invoice_payment_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "media_file" ADD CONSTRAINT "media_file_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "location" ADD CONSTRAINT "location_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "location_type" ADD CONSTRAINT "location_type_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "log_item" ADD CONSTRAINT "log_item_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "outbox_mail" ADD CONSTRAINT "outbox_mail_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "contact_template" ADD CONSTRAINT "contact_template_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "flow_mail" ADD CONSTRAINT "flow_mail_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "mail_template" ADD CONSTRAINT "mail_template_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "message_template" ADD CONSTRAINT "message_template_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "flow_conversation" ADD CONSTRAINT "flow_conversation_flow_id_company_id_pk" PRIMARY KEY("flow_id","company_id");--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "organization" ADD CONSTRAINT "organization_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "partner_project" ADD CONSTRAINT "partner_project_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "partner_project_document_flow" ADD CONSTRAINT "partner_project_document_flow_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "partner" ADD CONSTRAINT "partner_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "action" ADD CONSTRAINT "action_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "agenda_item" ADD CONSTRAINT "agenda_item_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "calendar_feed" ADD CONSTRAINT "calendar_feed_user_id_company_id_pk" PRIMARY KEY("user_id","company_id");--> statement-breakpoint
ALTER TABLE "note" ADD CONSTRAINT "note_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "product_table_row" ADD CONSTRAINT "product_table_row_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "relation" ADD CONSTRAINT "relation_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "relation_tally" ADD CONSTRAINT "relation_tally_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "task_context" ADD CONSTRAINT "task_context_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "task_context_type" ADD CONSTRAINT "task_context_type_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "webhook_connection" ADD CONSTRAINT "webhook_connection_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "website" ADD CONSTRAINT "website_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "delayed_rule" ADD CONSTRAINT "delayed_rule_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "event_trigger_rule" ADD CONSTRAINT "event_trigger_rule_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "rule_run" ADD CONSTRAINT "rule_run_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "assist_mail" ADD CONSTRAINT "assist_mail_flow_id_fk" FOREIGN KEY ("company_id","flow_id") REFERENCES "public"."flow"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assist_mail" ADD CONSTRAINT "assist_mail_rule_id_fk" FOREIGN KEY ("company_id","rule_id") REFERENCES "public"."event_trigger_rule"("company_id","id") ON DELETE set null ("rule_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assist_mail" ADD CONSTRAINT "assist_mail_mailtemplate_id_fk" FOREIGN KEY ("company_id","mailtemplate_id") REFERENCES "public"."mail_template"("company_id","id") ON DELETE set null ("mailtemplate_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assist_mail" ADD CONSTRAINT "assist_mail_sent_by_fk" FOREIGN KEY ("company_id","sent_by") REFERENCES "public"."user"("company_id","id") ON DELETE set null ("sent_by") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assist_mail" ADD CONSTRAINT "assist_mail_flow_mail_id_fk" FOREIGN KEY ("company_id","flow_mail_id") REFERENCES "public"."flow_mail"("company_id","id") ON DELETE set null ("flow_mail_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset" ADD CONSTRAINT "password_reset_user_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."user"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."user"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculation" ADD CONSTRAINT "calculation_flow_id_fk" FOREIGN KEY ("company_id","flow_id") REFERENCES "public"."flow"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculation_item" ADD CONSTRAINT "calculation_item_calculation_id_fk" FOREIGN KEY ("company_id","calculation_id") REFERENCES "public"."calculation"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculation_item" ADD CONSTRAINT "calculation_item_calculationitem_id_fk" FOREIGN KEY ("company_id","calculationitem_id") REFERENCES "public"."calculation_item"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculation_item" ADD CONSTRAINT "calculation_item_product_id_fk" FOREIGN KEY ("company_id","product_id") REFERENCES "public"."product"("company_id","id") ON DELETE set null ("product_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_view" ADD CONSTRAINT "customer_view_flow_id_fk" FOREIGN KEY ("company_id","flow_id") REFERENCES "public"."flow"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_view" ADD CONSTRAINT "customer_view_document_id_fk" FOREIGN KEY ("company_id","document_id") REFERENCES "public"."sales_document"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_response" ADD CONSTRAINT "document_response_document_id_fk" FOREIGN KEY ("company_id","document_id") REFERENCES "public"."sales_document"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_response" ADD CONSTRAINT "document_response_version_id_fk" FOREIGN KEY ("company_id","version_id") REFERENCES "public"."document_version"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_response" ADD CONSTRAINT "document_response_signature_file_id_fk" FOREIGN KEY ("company_id","signature_file_id") REFERENCES "public"."stored_file"("company_id","id") ON DELETE set null ("signature_file_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_response" ADD CONSTRAINT "document_response_signed_pdf_file_id_fk" FOREIGN KEY ("company_id","signed_pdf_file_id") REFERENCES "public"."stored_file"("company_id","id") ON DELETE set null ("signed_pdf_file_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_version" ADD CONSTRAINT "document_version_document_id_fk" FOREIGN KEY ("company_id","document_id") REFERENCES "public"."sales_document"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_version" ADD CONSTRAINT "document_version_pdf_file_id_fk" FOREIGN KEY ("company_id","pdf_file_id") REFERENCES "public"."stored_file"("company_id","id") ON DELETE set null ("pdf_file_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_version" ADD CONSTRAINT "document_version_einvoice_file_id_fk" FOREIGN KEY ("company_id","einvoice_file_id") REFERENCES "public"."stored_file"("company_id","id") ON DELETE set null ("einvoice_file_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_widget" ADD CONSTRAINT "document_widget_document_id_fk" FOREIGN KEY ("company_id","document_id") REFERENCES "public"."sales_document"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_widget" ADD CONSTRAINT "document_widget_picture_file_id_fk" FOREIGN KEY ("company_id","picture_file_id") REFERENCES "public"."stored_file"("company_id","id") ON DELETE set null ("picture_file_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_document" ADD CONSTRAINT "sales_document_flow_id_fk" FOREIGN KEY ("company_id","flow_id") REFERENCES "public"."flow"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_document" ADD CONSTRAINT "sales_document_relation_id_fk" FOREIGN KEY ("company_id","relation_id") REFERENCES "public"."relation"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_document" ADD CONSTRAINT "sales_document_calculation_id_fk" FOREIGN KEY ("company_id","calculation_id") REFERENCES "public"."calculation"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_document" ADD CONSTRAINT "sales_document_document_type_id_fk" FOREIGN KEY ("company_id","document_type_id") REFERENCES "public"."document_type"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_shared_file" ADD CONSTRAINT "flow_shared_file_flow_id_fk" FOREIGN KEY ("company_id","flow_id") REFERENCES "public"."flow"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_shared_file" ADD CONSTRAINT "flow_shared_file_stored_file_id_fk" FOREIGN KEY ("company_id","stored_file_id") REFERENCES "public"."stored_file"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_import" ADD CONSTRAINT "flow_import_batch_id_fk" FOREIGN KEY ("company_id","batch_id") REFERENCES "public"."batch"("company_id","id") ON DELETE set null ("batch_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_import" ADD CONSTRAINT "flow_import_undo_batch_id_fk" FOREIGN KEY ("company_id","undo_batch_id") REFERENCES "public"."batch"("company_id","id") ON DELETE set null ("undo_batch_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_import_row" ADD CONSTRAINT "flow_import_row_import_id_fk" FOREIGN KEY ("company_id","import_id") REFERENCES "public"."flow_import"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow" ADD CONSTRAINT "flow_flow_phase_id_fk" FOREIGN KEY ("company_id","flow_phase_id") REFERENCES "public"."flow_phase"("company_id","id") ON DELETE set null ("flow_phase_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow" ADD CONSTRAINT "flow_user_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."user"("company_id","id") ON DELETE set null ("user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow" ADD CONSTRAINT "flow_office_user_id_fk" FOREIGN KEY ("company_id","office_user_id") REFERENCES "public"."user"("company_id","id") ON DELETE set null ("office_user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow" ADD CONSTRAINT "flow_project_user_id_fk" FOREIGN KEY ("company_id","project_user_id") REFERENCES "public"."user"("company_id","id") ON DELETE set null ("project_user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow" ADD CONSTRAINT "flow_relation_id_fk" FOREIGN KEY ("company_id","relation_id") REFERENCES "public"."relation"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow" ADD CONSTRAINT "flow_location_id_fk" FOREIGN KEY ("company_id","location_id") REFERENCES "public"."location"("company_id","id") ON DELETE set null ("location_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow" ADD CONSTRAINT "flow_flowprofile_id_fk" FOREIGN KEY ("company_id","flowprofile_id") REFERENCES "public"."flow_profile"("company_id","id") ON DELETE set null ("flowprofile_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead" ADD CONSTRAINT "lead_flow_id_fk" FOREIGN KEY ("company_id","flow_id") REFERENCES "public"."flow"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_data" ADD CONSTRAINT "flow_data_flow_id_fk" FOREIGN KEY ("company_id","flow_id") REFERENCES "public"."flow"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_data_item" ADD CONSTRAINT "flow_data_item_flow_id_fk" FOREIGN KEY ("company_id","flow_id") REFERENCES "public"."flow"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_data_item" ADD CONSTRAINT "flow_data_item_vertical_id_fk" FOREIGN KEY ("company_id","vertical_id") REFERENCES "public"."vertical"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_data_item" ADD CONSTRAINT "flow_data_item_intake_id_fk" FOREIGN KEY ("company_id","intake_id") REFERENCES "public"."intake"("company_id","id") ON DELETE set null ("intake_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_data_item" ADD CONSTRAINT "flow_data_item_project_id_fk" FOREIGN KEY ("company_id","project_id") REFERENCES "public"."project"("company_id","id") ON DELETE set null ("project_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake" ADD CONSTRAINT "intake_flow_id_fk" FOREIGN KEY ("company_id","flow_id") REFERENCES "public"."flow"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake" ADD CONSTRAINT "intake_relation_id_fk" FOREIGN KEY ("company_id","relation_id") REFERENCES "public"."relation"("company_id","id") ON DELETE set null ("relation_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake" ADD CONSTRAINT "intake_intaketemplate_id_fk" FOREIGN KEY ("company_id","intaketemplate_id") REFERENCES "public"."intake"("company_id","id") ON DELETE set null ("intaketemplate_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picture" ADD CONSTRAINT "picture_flow_id_fk" FOREIGN KEY ("company_id","flow_id") REFERENCES "public"."flow"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picture" ADD CONSTRAINT "picture_intake_id_fk" FOREIGN KEY ("company_id","intake_id") REFERENCES "public"."intake"("company_id","id") ON DELETE set null ("intake_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picture" ADD CONSTRAINT "picture_project_id_fk" FOREIGN KEY ("company_id","project_id") REFERENCES "public"."project"("company_id","id") ON DELETE set null ("project_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picture" ADD CONSTRAINT "picture_vertical_id_fk" FOREIGN KEY ("company_id","vertical_id") REFERENCES "public"."vertical"("company_id","id") ON DELETE set null ("vertical_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picture" ADD CONSTRAINT "picture_flow_data_item_id_fk" FOREIGN KEY ("company_id","flow_data_item_id") REFERENCES "public"."flow_data_item"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_flow_id_fk" FOREIGN KEY ("company_id","flow_id") REFERENCES "public"."flow"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_projecttemplate_id_fk" FOREIGN KEY ("company_id","projecttemplate_id") REFERENCES "public"."project"("company_id","id") ON DELETE set null ("projecttemplate_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vertical_data_field" ADD CONSTRAINT "vertical_data_field_vertical_id_fk" FOREIGN KEY ("company_id","vertical_id") REFERENCES "public"."vertical"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident" ADD CONSTRAINT "incident_incident_type_id_fk" FOREIGN KEY ("company_id","incident_type_id") REFERENCES "public"."incident_type"("company_id","id") ON DELETE set null ("incident_type_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident" ADD CONSTRAINT "incident_flow_id_fk" FOREIGN KEY ("company_id","flow_id") REFERENCES "public"."flow"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident" ADD CONSTRAINT "incident_user_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."user"("company_id","id") ON DELETE set null ("user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_push" ADD CONSTRAINT "accounting_push_document_id_fk" FOREIGN KEY ("company_id","document_id") REFERENCES "public"."sales_document"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_connection" ADD CONSTRAINT "integration_connection_user_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."user"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_oauth_state" ADD CONSTRAINT "integration_oauth_state_user_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."user"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_id_fk" FOREIGN KEY ("company_id","id") REFERENCES "public"."sales_document"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payment" ADD CONSTRAINT "invoice_payment_invoice_id_fk" FOREIGN KEY ("company_id","invoice_id") REFERENCES "public"."invoice"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location" ADD CONSTRAINT "location_relation_id_fk" FOREIGN KEY ("company_id","relation_id") REFERENCES "public"."relation"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location" ADD CONSTRAINT "location_organization_id_fk" FOREIGN KEY ("company_id","organization_id") REFERENCES "public"."organization"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location" ADD CONSTRAINT "location_location_type_id_fk" FOREIGN KEY ("company_id","location_type_id") REFERENCES "public"."location_type"("company_id","id") ON DELETE set null ("location_type_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_mail" ADD CONSTRAINT "flow_mail_flow_id_fk" FOREIGN KEY ("company_id","flow_id") REFERENCES "public"."flow"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_mail" ADD CONSTRAINT "flow_mail_user_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."user"("company_id","id") ON DELETE set null ("user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_mail" ADD CONSTRAINT "flow_mail_mail_template_id_fk" FOREIGN KEY ("company_id","mail_template_id") REFERENCES "public"."mail_template"("company_id","id") ON DELETE set null ("mail_template_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_mail" ADD CONSTRAINT "flow_mail_outbox_mail_id_fk" FOREIGN KEY ("company_id","outbox_mail_id") REFERENCES "public"."outbox_mail"("company_id","id") ON DELETE set null ("outbox_mail_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_conversation" ADD CONSTRAINT "flow_conversation_flow_id_fk" FOREIGN KEY ("company_id","flow_id") REFERENCES "public"."flow"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_flow_id_fk" FOREIGN KEY ("company_id","flow_id") REFERENCES "public"."flow"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_relation_id_fk" FOREIGN KEY ("company_id","relation_id") REFERENCES "public"."relation"("company_id","id") ON DELETE set null ("relation_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_user_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."user"("company_id","id") ON DELETE set null ("user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_user_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."user"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_flow_id_fk" FOREIGN KEY ("company_id","flow_id") REFERENCES "public"."flow"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization" ADD CONSTRAINT "organization_flowprofile_id_fk" FOREIGN KEY ("company_id","flowprofile_id") REFERENCES "public"."flow_profile"("company_id","id") ON DELETE set null ("flowprofile_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_project" ADD CONSTRAINT "partner_project_partner_id_fk" FOREIGN KEY ("company_id","partner_id") REFERENCES "public"."partner"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_project" ADD CONSTRAINT "partner_project_flowprofile_id_fk" FOREIGN KEY ("company_id","flowprofile_id") REFERENCES "public"."flow_profile"("company_id","id") ON DELETE set null ("flowprofile_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_project_document_flow" ADD CONSTRAINT "partner_project_document_flow_partner_project_id_fk" FOREIGN KEY ("company_id","partner_project_id") REFERENCES "public"."partner_project"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_project_document_flow" ADD CONSTRAINT "partner_project_document_flow_document_id_fk" FOREIGN KEY ("company_id","document_id") REFERENCES "public"."sales_document"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_project_document_flow" ADD CONSTRAINT "partner_project_document_flow_flow_id_fk" FOREIGN KEY ("company_id","flow_id") REFERENCES "public"."flow"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner" ADD CONSTRAINT "partner_flowprofile_id_fk" FOREIGN KEY ("company_id","flowprofile_id") REFERENCES "public"."flow_profile"("company_id","id") ON DELETE set null ("flowprofile_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action" ADD CONSTRAINT "action_relation_id_fk" FOREIGN KEY ("company_id","relation_id") REFERENCES "public"."relation"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action" ADD CONSTRAINT "action_organization_id_fk" FOREIGN KEY ("company_id","organization_id") REFERENCES "public"."organization"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action" ADD CONSTRAINT "action_flow_id_fk" FOREIGN KEY ("company_id","flow_id") REFERENCES "public"."flow"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action" ADD CONSTRAINT "action_user_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."user"("company_id","id") ON DELETE set null ("user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action" ADD CONSTRAINT "action_created_by_fk" FOREIGN KEY ("company_id","created_by") REFERENCES "public"."user"("company_id","id") ON DELETE set null ("created_by") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_item" ADD CONSTRAINT "agenda_item_relation_id_fk" FOREIGN KEY ("company_id","relation_id") REFERENCES "public"."relation"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_item" ADD CONSTRAINT "agenda_item_organization_id_fk" FOREIGN KEY ("company_id","organization_id") REFERENCES "public"."organization"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_item" ADD CONSTRAINT "agenda_item_flow_id_fk" FOREIGN KEY ("company_id","flow_id") REFERENCES "public"."flow"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_item" ADD CONSTRAINT "agenda_item_user_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."user"("company_id","id") ON DELETE set null ("user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_item" ADD CONSTRAINT "agenda_item_intake_id_fk" FOREIGN KEY ("company_id","intake_id") REFERENCES "public"."intake"("company_id","id") ON DELETE set null ("intake_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feed" ADD CONSTRAINT "calendar_feed_user_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."user"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note" ADD CONSTRAINT "note_relation_id_fk" FOREIGN KEY ("company_id","relation_id") REFERENCES "public"."relation"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note" ADD CONSTRAINT "note_organization_id_fk" FOREIGN KEY ("company_id","organization_id") REFERENCES "public"."organization"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note" ADD CONSTRAINT "note_flow_id_fk" FOREIGN KEY ("company_id","flow_id") REFERENCES "public"."flow"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note" ADD CONSTRAINT "note_user_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."user"("company_id","id") ON DELETE set null ("user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_user_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."user"("company_id","id") ON DELETE set null ("user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_flow_id_fk" FOREIGN KEY ("company_id","flow_id") REFERENCES "public"."flow"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_location_id_fk" FOREIGN KEY ("company_id","location_id") REFERENCES "public"."location"("company_id","id") ON DELETE set null ("location_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_task_template_id_fk" FOREIGN KEY ("company_id","task_template_id") REFERENCES "public"."task"("company_id","id") ON DELETE set null ("task_template_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_leading_task_id_fk" FOREIGN KEY ("company_id","leading_task_id") REFERENCES "public"."task"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_intake_id_fk" FOREIGN KEY ("company_id","intake_id") REFERENCES "public"."intake"("company_id","id") ON DELETE set null ("intake_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_project_id_fk" FOREIGN KEY ("company_id","project_id") REFERENCES "public"."project"("company_id","id") ON DELETE set null ("project_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_table_row" ADD CONSTRAINT "product_table_row_product_id_fk" FOREIGN KEY ("company_id","product_id") REFERENCES "public"."product"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relation" ADD CONSTRAINT "relation_flowprofile_id_fk" FOREIGN KEY ("company_id","flowprofile_id") REFERENCES "public"."flow_profile"("company_id","id") ON DELETE set null ("flowprofile_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relation" ADD CONSTRAINT "relation_organization_id_fk" FOREIGN KEY ("company_id","organization_id") REFERENCES "public"."organization"("company_id","id") ON DELETE set null ("organization_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_context" ADD CONSTRAINT "task_context_task_id_fk" FOREIGN KEY ("company_id","task_id") REFERENCES "public"."task"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_context" ADD CONSTRAINT "task_context_task_context_type_id_fk" FOREIGN KEY ("company_id","task_context_type_id") REFERENCES "public"."task_context_type"("company_id","id") ON DELETE set null ("task_context_type_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_context" ADD CONSTRAINT "task_context_vertical_id_fk" FOREIGN KEY ("company_id","vertical_id") REFERENCES "public"."vertical"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_context" ADD CONSTRAINT "task_context_document_type_id_fk" FOREIGN KEY ("company_id","document_type_id") REFERENCES "public"."document_type"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_context" ADD CONSTRAINT "task_context_document_template_id_fk" FOREIGN KEY ("company_id","document_template_id") REFERENCES "public"."sales_document"("company_id","id") ON DELETE set null ("document_template_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_context" ADD CONSTRAINT "task_context_flow_data_item_id_fk" FOREIGN KEY ("company_id","flow_data_item_id") REFERENCES "public"."flow_data_item"("company_id","id") ON DELETE set null ("flow_data_item_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_context" ADD CONSTRAINT "task_context_document_id_fk" FOREIGN KEY ("company_id","document_id") REFERENCES "public"."sales_document"("company_id","id") ON DELETE set null ("document_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_context_type" ADD CONSTRAINT "task_context_type_task_id_fk" FOREIGN KEY ("company_id","task_id") REFERENCES "public"."task"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_context_type" ADD CONSTRAINT "task_context_type_vertical_id_fk" FOREIGN KEY ("company_id","vertical_id") REFERENCES "public"."vertical"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_context_type" ADD CONSTRAINT "task_context_type_document_type_id_fk" FOREIGN KEY ("company_id","document_type_id") REFERENCES "public"."document_type"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_context_type" ADD CONSTRAINT "task_context_type_document_template_id_fk" FOREIGN KEY ("company_id","document_template_id") REFERENCES "public"."sales_document"("company_id","id") ON DELETE set null ("document_template_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_connection_id_fk" FOREIGN KEY ("company_id","connection_id") REFERENCES "public"."webhook_connection"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_flow_id_fk" FOREIGN KEY ("company_id","flow_id") REFERENCES "public"."flow"("company_id","id") ON DELETE set null ("flow_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website" ADD CONSTRAINT "website_flowprofile_id_fk" FOREIGN KEY ("company_id","flowprofile_id") REFERENCES "public"."flow_profile"("company_id","id") ON DELETE set null ("flowprofile_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website" ADD CONSTRAINT "website_user_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."user"("company_id","id") ON DELETE set null ("user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delayed_rule" ADD CONSTRAINT "delayed_rule_rule_id_fk" FOREIGN KEY ("company_id","rule_id") REFERENCES "public"."event_trigger_rule"("company_id","id") ON DELETE set null ("rule_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delayed_rule" ADD CONSTRAINT "delayed_rule_flow_id_fk" FOREIGN KEY ("company_id","flow_id") REFERENCES "public"."flow"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_trigger_rule" ADD CONSTRAINT "event_trigger_rule_created_by_fk" FOREIGN KEY ("company_id","created_by") REFERENCES "public"."user"("company_id","id") ON DELETE set null ("created_by") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_run" ADD CONSTRAINT "rule_run_rule_id_fk" FOREIGN KEY ("company_id","rule_id") REFERENCES "public"."event_trigger_rule"("company_id","id") ON DELETE set null ("rule_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_run" ADD CONSTRAINT "rule_run_flow_id_fk" FOREIGN KEY ("company_id","flow_id") REFERENCES "public"."flow"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_token_company_unique" ON "password_reset" USING btree ("token_hash","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "session_token_company_unique" ON "session" USING btree ("token_hash","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calculation_hash_company_unique" ON "calculation" USING btree ("hash","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_response_company_version_unique" ON "document_response" USING btree ("company_id","version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_version_company_unique" ON "document_version" USING btree ("company_id","document_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_document_hash_company_unique" ON "sales_document" USING btree ("hash","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_shared_file_unique" ON "flow_shared_file" USING btree ("company_id","flow_id","stored_file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_file_storage_key_company_unique" ON "stored_file" USING btree ("storage_key","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_hash_company_unique" ON "flow" USING btree ("hash","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_company_flow_unique" ON "lead" USING btree ("company_id","flow_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vertical_data_field_company_name" ON "vertical_data_field" USING btree ("company_id","vertical_id","field_name");--> statement-breakpoint
CREATE UNIQUE INDEX "incident_hash_company_unique" ON "incident" USING btree ("hash","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_connection_company_user_service" ON "integration_connection" USING btree ("company_id","user_id","service") WHERE "integration_connection"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payment_company_provider" ON "invoice_payment" USING btree ("company_id","invoice_id","provider_payment_id") WHERE provider_payment_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "media_file_public_token_company_unique" ON "media_file" USING btree ("public_token","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "media_file_storage_key_company_unique" ON "media_file" USING btree ("storage_key","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_hash_company_unique" ON "message" USING btree ("hash","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_project_document_flow_unique" ON "partner_project_document_flow" USING btree ("company_id","document_id","flow_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feed_token_company" ON "calendar_feed" USING btree ("token_hash","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "website_key_company_unique" ON "website" USING btree ("key","company_id");