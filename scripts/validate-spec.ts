// Validates spec/openapi.yaml and spec/control.yaml against the OpenAPI 3.1 schema with swagger-parser.
import SwaggerParser from '@apidevtools/swagger-parser';
import { fileURLToPath } from 'node:url';

const files = ['spec/openapi.yaml', 'spec/control.yaml'];
const root = new URL('../', import.meta.url);

let failed = false;
for (const file of files) {
  try {
    // validate() dereferences the document it is given, so each file gets its own fresh parse.
    await SwaggerParser.validate(fileURLToPath(new URL(file, root)));
    console.log(`ok ${file}`);
  } catch (error) {
    failed = true;
    const details = (error as { details?: unknown }).details;
    console.error(`invalid ${file}: ${(error as Error).message}`);
    if (details) console.error(JSON.stringify(details, null, 2));
  }
}
process.exit(failed ? 1 : 0);
