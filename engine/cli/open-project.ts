/**
 * engine/cli: what every command that touches the database starts with: the artifacts' model, the
 * server settings (from the environment, .env already read) and a repository whose schema is synced
 * (never destructively). The caller closes the repository.
 */
import { loadArtifacts, type Artifacts } from '../artifacts/load-artifacts.js';
import { loadServerConfig, type ServerConfig } from '../config/server-config.js';
import { createRepository, syncSchema } from '../repository/index.js';
import type { Repository } from '../repository/types.js';

export interface OpenProject {
  artifacts: Artifacts;
  config: ServerConfig;
  repo: Repository;
}

export async function openProject(artifactsDir: string, dataDir: string): Promise<OpenProject> {
  const artifacts = loadArtifacts(artifactsDir);
  const config = loadServerConfig(process.env, { artifactsDir, stateDir: dataDir });
  const repo = await createRepository({ model: artifacts.model, databaseUrl: config.databaseUrl });
  try {
    await syncSchema(repo, artifacts.model, { allowDestructive: false });
  } catch (err) {
    await repo.close();
    throw err;
  }
  return { artifacts, config, repo };
}
