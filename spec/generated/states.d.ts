// Generated from spec/states.yaml by scripts/generate-types.ts; never edit by hand. Regenerate with: npm run types
export interface paths {
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The states this hook offers
         * @description Read once at the start of a run. Required.
         */
        get: operations["listStates"];
        put?: never;
        /**
         * Set a state up (or read one)
         * @description Makes the named state true with these parameters, then answers what it produces. The states whose name
         *     has no past participle (`workspaces`, `clock`, `limits`, `webhooks`, `deliveries`) are reads: they change
         *     nothing and answer what the verifier must observe. `world.reset` takes the target back to the world
         *     `workspaces` describes; the verifier calls it before every check, so a test-mode target should make it fast.
         */
        post: operations["setState"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        StatesOffered: {
            states: components["schemas"]["StateName"][];
        };
        StateRequest: {
            state: components["schemas"]["StateName"];
            /** @description The state's parameters, as the schema named after the state (below) gives them; ids are the ones the public API and `workspaces` give. */
            params?: Record<string, unknown>;
        } & (unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown);
        /** @enum {string} */
        StateName: "world.reset" | "workspaces" | "workspace.created" | "workspace.keyRotated" | "workspace.reset" | "workspaces.reset" | "clock" | "clock.moved" | "workspace.clockMoved" | "channel.failing" | "limits" | "limits.set" | "workspace.limitsSet" | "webhooks" | "webhook.created" | "webhook.deleted" | "webhook.testSent" | "deliveries" | "wallet.toppedUp" | "wallet.granted" | "wallet.adjusted" | "wallet.frozen" | "wallet.unfrozen" | "wallet.autoTopUp" | "oauthApp.created" | "oauthApp.edited" | "oauthApp.secretRotated" | "oauthApp.revoked" | "oauthApp.deleted";
        /**
         * the starting world
         * @description The target is back at its starting world: the workspaces `workspaces` lists, with their keys, channels, groups and wallets as they began.
         */
        "world.reset": Record<string, unknown>;
        /**
         * read: one workspace of each kind with its key
         * @description Read: the workspaces the run may use, with their plan state and API key (one of each kind: paid; free never topped up; free topped up, not frozen).
         */
        workspaces: Record<string, unknown>;
        /**
         * a new workspace with a channel of every provider, or (`like`) a copy of how another was made
         * @description A new workspace: with `plan`, one group and a connected channel of every provider, topped up by `topUpCredits` when given; with `like`, a copy of how that workspace was made.
         */
        "workspace.created": {
            /**
             * @description the plan of the new workspace
             * @enum {string}
             */
            plan?: "free" | "paid";
            /** @description display name */
            name?: string;
            /** @description credits of a first top-up. As the public API's `balance` counts them. */
            topUpCredits?: number;
            /** @description a workspace id: make it like that one was made (plan, groups, channels, first wallet), every id and the key its own; the verifier's concurrent lanes are such copies */
            like?: string;
        };
        /**
         * one workspace back to how it was made, the rest of the world untouched
         * @description One workspace back to how it was made (its posts, media, wallet, brief, webhooks, OAuth app and hourly count gone; id, first key, groups and channels as they were), the rest of the world untouched. With it, concurrent checks each start in fresh workspaces of their own.
         */
        "workspace.reset": {
            /** @description a workspace id (from `workspaces` or `workspace.created`) */
            workspace: string;
        };
        /**
         * several workspaces back to how they were made, in one call (none if one is refused)
         * @description Several workspaces back to how they were made, as `workspace.reset` does each, in one call; a refusal changes none of them. Offered, a lane of a concurrent run starts each check with one call instead of one per workspace.
         */
        "workspaces.reset": {
            /** @description workspace ids */
            workspaces: string[];
        };
        /**
         * a new API key; the old one refused
         * @description The workspace has a new API key; the old one is refused (401).
         */
        "workspace.keyRotated": {
            /** @description a workspace id (from `workspaces` or `workspace.created`) */
            workspace: string;
        };
        /**
         * read: the target's clock (with `workspace`, that workspace's time)
         * @description Read: the target's clock (the instant a check measures schedules from); with `workspace`, the time that workspace sees (a hook offering `workspace.clockMoved` must honour it).
         */
        clock: {
            /** @description a workspace id (from `workspaces` or `workspace.created`) */
            workspace?: string;
        };
        /**
         * the clock at `now` or `advanceSeconds` later; what fell due ran
         * @description The target's clock is at `now`, or `advanceSeconds` later, and frozen or running; what fell due ran (scheduled posts published or failed, webhooks delivered).
         */
        "clock.moved": {
            /**
             * Format: date-time
             * @description an ISO 8601 instant from 1970 to 9999
             */
            now?: string;
            /** @description whole seconds to move forward */
            advanceSeconds?: number;
            /** @description true: the clock stands still; false: it runs */
            frozen?: boolean;
        };
        /**
         * the named workspaces' clocks alone moved, each from its own time; what fell due in them ran
         * @description The named workspaces' clocks alone are at `now`, or `advanceSeconds` later, each from its own time; what fell due in them ran. Every other workspace keeps the target's time, and `workspace.reset` puts a workspace back on it. Offered, it lets checks that move time run beside each other, each in workspaces of its own (as Stripe's test clocks are per customer).
         */
        "workspace.clockMoved": {
            /** @description workspace ids */
            workspaces: string[];
            /**
             * Format: date-time
             * @description an ISO 8601 instant from 1970 to 9999
             */
            now?: string;
            /** @description whole seconds to move forward */
            advanceSeconds?: number;
        };
        /**
         * sends on a channel fail (or stop failing)
         * @description Sends on the channel fail (a post due on it ends in the error state, its credits refunded) until `fail` is false.
         */
        "channel.failing": {
            /** @description a channel id */
            channel: string;
            /** @description true: sends fail; false: they go out again */
            fail: boolean;
        };
        /**
         * read: the limits the reference leaves open (with `workspace`, as it has them)
         * @description Read: the limits the reference leaves to the service; with `workspace`, as that workspace has them (a hook offering `workspace.limitsSet` must honour it).
         */
        limits: {
            /** @description a workspace id (from `workspaces` or `workspace.created`) */
            workspace?: string;
        };
        /**
         * those limits set
         * @description Limits the reference leaves to the service, set to the given values (the rest unchanged).
         */
        "limits.set": {
            /** @description posts per hour per workspace */
            postsPerHour?: number;
            /** @description storage the free amount covers */
            freeStorageBytes?: number;
            /** @description the free plan's media library capacity */
            freeLibraryBytes?: number;
            /** @description boolean (lets the verifier receive webhooks on its own machine) */
            allowLoopbackWebhooks?: boolean;
        };
        /**
         * those limits set for the named workspaces alone
         * @description The same limits, set for the named workspaces alone (the rest of the world keeps its own); `workspace.reset` takes them back.
         */
        "workspace.limitsSet": {
            /** @description workspace ids */
            workspaces: string[];
            /** @description posts per hour per workspace */
            postsPerHour?: number;
            /** @description storage the free amount covers */
            freeStorageBytes?: number;
            /** @description the free plan's media library capacity */
            freeLibraryBytes?: number;
            /** @description lets the verifier receive webhooks on its own machine */
            allowLoopbackWebhooks?: boolean;
        };
        /**
         * read: a workspace's webhooks
         * @description Read: the webhooks configured for a workspace (configured in the app, outside the public API).
         */
        webhooks: {
            /** @description a workspace id (from `workspaces` or `workspace.created`) */
            workspace: string;
        };
        /**
         * a webhook configured in the app
         * @description A webhook configured in the app for the workspace.
         */
        "webhook.created": {
            /** @description a workspace id (from `workspaces` or `workspace.created`) */
            workspace: string;
            /**
             * Format: uri
             * @description https URL
             */
            url: string;
            /** @description display name */
            name?: string;
            /** @description "all" or channel ids */
            integrations?: "all" | string[];
        };
        /**
         * a webhook gone
         * @description The webhook is gone.
         */
        "webhook.deleted": {
            /** @description a workspace id (from `workspaces` or `workspace.created`) */
            workspace: string;
            /** @description webhook id */
            webhook: string;
        };
        /**
         * the app's Send Test on a URL
         * @description The app's Send Test action was used on `url`.
         */
        "webhook.testSent": {
            /** @description a workspace id (from `workspaces` or `workspace.created`) */
            workspace: string;
            /**
             * Format: uri
             * @description https URL
             */
            url: string;
        };
        /**
         * read: the webhook deliveries made
         * @description Read: the webhook deliveries the target made (to any URL), oldest first.
         */
        deliveries: {
            /** @description a workspace id (from `workspaces` or `workspace.created`) */
            workspace?: string;
        };
        /**
         * credits paid in the app
         * @description A top-up of `credits` was paid in the app (the first one turns pay-as-you-go on).
         */
        "wallet.toppedUp": {
            /** @description a workspace id (from `workspaces` or `workspace.created`) */
            workspace: string;
            /** @description credits, as the public API's `balance` counts them (two decimals) */
            credits: number;
        };
        /**
         * credits granted
         * @description Credits were granted (a ledger entry of its own).
         */
        "wallet.granted": {
            /** @description a workspace id (from `workspaces` or `workspace.created`) */
            workspace: string;
            /** @description credits, as the public API's `balance` counts them (two decimals) */
            credits: number;
            /** @description the ledger entry's description */
            description?: string;
        };
        /**
         * the balance moved (negative empties it)
         * @description The balance moved by `credits` (negative empties it) with a ledger entry.
         */
        "wallet.adjusted": {
            /** @description a workspace id (from `workspaces` or `workspace.created`) */
            workspace: string;
            /** @description credits, as the public API's `balance` counts them (two decimals); negative takes them away */
            credits: number;
            /** @description the ledger entry's description */
            description?: string;
        };
        /**
         * the wallet frozen
         * @description The wallet is frozen.
         */
        "wallet.frozen": {
            /** @description a workspace id (from `workspaces` or `workspace.created`) */
            workspace: string;
        };
        /**
         * the wallet not frozen
         * @description The wallet is not frozen.
         */
        "wallet.unfrozen": {
            /** @description a workspace id (from `workspaces` or `workspace.created`) */
            workspace: string;
        };
        /**
         * automatic top-up on or off
         * @description Automatic top-up is on or off with these settings.
         */
        "wallet.autoTopUp": {
            /** @description a workspace id (from `workspaces` or `workspace.created`) */
            workspace: string;
            /** @description automatic top-up on or off */
            enabled: boolean;
            /** @description the balance under which a top-up is made. Credits, as `balance` counts them. */
            belowCredits?: number | null;
            /** @description the amount each automatic top-up buys. Whole smallest currency units (cents), as the app's automatic top-up settings take them. */
            amount?: number;
            /** @description the most automatic top-ups may buy in a month. Whole smallest currency units (cents) a month; null for no limit. */
            monthlyLimit?: number | null;
        };
        /**
         * an OAuth app made in the app
         * @description The workspace has an OAuth app (made in the app) with this redirect URL.
         */
        "oauthApp.created": {
            /** @description a workspace id (from `workspaces` or `workspace.created`) */
            workspace: string;
            /** @description display name */
            name: string;
            /**
             * Format: uri
             * @description https URL
             */
            redirectUrl: string;
            /** @description the ledger entry's description */
            description?: string;
            /**
             * Format: uri
             * @description the app's picture
             */
            picture?: string;
        };
        /**
         * the OAuth app's fields changed
         * @description The OAuth app's fields are changed.
         */
        "oauthApp.edited": {
            /** @description a workspace id (from `workspaces` or `workspace.created`) */
            workspace: string;
            /** @description display name */
            name?: string;
            /**
             * Format: uri
             * @description https URL
             */
            redirectUrl?: string;
            /** @description the ledger entry's description */
            description?: string;
            /**
             * Format: uri
             * @description the app's picture
             */
            picture?: string;
        };
        /**
         * a new client secret; the old one refused
         * @description The OAuth app has a new client secret; the old one is refused.
         */
        "oauthApp.secretRotated": {
            /** @description a workspace id (from `workspaces` or `workspace.created`) */
            workspace: string;
        };
        /**
         * every token the app was given revoked
         * @description Every token the OAuth app was given is revoked.
         */
        "oauthApp.revoked": {
            /** @description a workspace id (from `workspaces` or `workspace.created`) */
            workspace: string;
        };
        /**
         * the OAuth app gone, its tokens with it
         * @description The OAuth app is gone, and its tokens with it.
         */
        "oauthApp.deleted": {
            /** @description a workspace id (from `workspaces` or `workspace.created`) */
            workspace: string;
        };
        Error: {
            statusCode: number;
            msg?: string;
            message: string;
        };
    };
    responses: {
        /** @description The hook wants a token and none (or another) was sent. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listStates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The names of the states offered. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatesOffered"];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    setState: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "state": "clock.moved",
                 *       "params": {
                 *         "advanceSeconds": 3600
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["StateRequest"];
            };
        };
        responses: {
            /** @description What the state produces (each state's `produces`, in `spw verify --list-states`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Parameters the target cannot take for this state. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description A state the hook does not offer, or a workspace, channel, webhook or app it does not know. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
