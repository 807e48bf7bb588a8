// Generated from spec/control.yaml by scripts/generate-types.ts; never edit by hand. Regenerate with: npm run types
export interface paths {
    "/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset the world
         * @description Puts the world back to the seeded fixtures (workspaces, keys, channels, wallets, posts, media, brief, webhooks, OAuth apps) and the clock back to its start mode.
         */
        post: operations["resetWorld"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/states": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The provider states this mock's hook offers
         * @description The mock's provider-states hook, the contract of `spec/states.yaml`: `spw verify --states <origin>/_mock/states`
         *     (or `--control <origin>/_mock`) sets each state a check needs through it. This mock offers every state of
         *     the catalogue.
         */
        get: operations["listStates"];
        put?: never;
        /**
         * Set a provider state up (or read one)
         * @description Sets up one named state of the catalogue with its parameters, through the control operation that
         *     makes it true here, and answers what that operation answered (status and body): 200 with what the
         *     state produces, 400 for parameters that operation refuses, 404 for a workspace, channel, webhook or
         *     app it does not know.
         */
        post: operations["setState"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scenario": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export the whole world as a scenario
         * @description The whole world as one versioned JSON document: workspaces with their channels, groups, posts, wallet and ledger, media metadata, brief, notifications, webhooks and OAuth app; the OAuth access tokens, the webhook deliveries, the mock clock and the mock's limits. Media file bytes are not in it (a media `path` keeps pointing at `/media-files/...`, which serves the bytes only while this mock still holds them); nor are short-lived single-use credentials (upload tickets, authorization codes, consent pages). Save it and send it back with `PUT /scenario`, or start a mock from it with `spw mock --scenario <file>`.
         */
        get: operations["exportScenario"];
        /**
         * Replace the world with a scenario
         * @description Replaces the whole world, the clock and the limits with the document's, all or nothing: a document that breaks the schema or a rule between its parts (an unknown channel id in a post, a balance other than the sum of its ledger, a repeated id or API key) answers 400 naming each JSON path and the rule, and the world stays as it was. `POST /reset` goes back to what the mock started from, not to the imported scenario.
         */
        put: operations["importScenario"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List workspaces
         * @description Lists every workspace with its plan, wallet state and current API key.
         */
        get: operations["listWorkspaces"];
        put?: never;
        /**
         * Create a workspace
         * @description Creates a workspace on a plan, with a fresh API key. `topUpCredits` greater than 0 tops up its wallet at once, which makes a free workspace pay-as-you-go.
         */
        post: operations["createWorkspace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{id}/rotate-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a workspace's API key
         * @description Gives the workspace a new API key. The old key answers 401 `Invalid API key` at once.
         */
        post: operations["rotateApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Put several workspaces back to how they were made, in one step
         * @description What `POST /workspaces/{id}/reset` does, for every workspace named, in one call: each is checked first (known,
         *     and made in this session), so a refusal changes none of them. A verifier's lane starts each check this way,
         *     one round trip for all its workspaces (the states hook's `workspaces.reset`).
         */
        post: operations["resetWorkspaces"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{id}/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Put one workspace back to how it was made
         * @description Rebuilds one workspace from what it was made from (its seed, or the createWorkspace call that made it, first
         *     top-up included): its posts, media and their files, wallet, brief, webhooks, OAuth app and tokens, upload
         *     tickets, deliveries and hourly post count go; its id, first API key, groups and channels come back as they
         *     were. Nothing else in the world changes: the verifier runs concurrent checks in workspaces of their own and
         *     starts each check from a fresh one this way. A workspace loaded from a scenario has nothing to go back to (400).
         */
        post: operations["resetWorkspace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the mock clock
         * @description Gives the mock's current time and whether the clock is frozen (a frozen clock moves only when told to).
         *     With `workspace`, the time that workspace sees: the world's, or its own once its clock was moved alone
         *     (`POST /clock` with `workspaces`).
         */
        get: operations["getClock"];
        put?: never;
        /**
         * Move or freeze the mock clock
         * @description Sets the clock to `now`, advances it by `advanceSeconds`, and/or freezes or unfreezes it; the
         *     fields combine. Moving the clock runs what falls due: scheduled posts whose time has come are
         *     published (or fail on a failing channel, with their credits given back) and webhooks are
         *     delivered. The answer lists the posts published and failed.
         *
         *     With `workspaces`, only those workspaces' clocks move (forward or back), each from its own time,
         *     and only their posts fall due; every other workspace keeps the world's time. That is how
         *     conformance lanes that move time run beside each other. Freezing stays the world's: `frozen` is
         *     refused with `workspaces`. A workspace reset (`POST /workspaces/{id}/reset`) puts its clock back
         *     on the world's.
         */
        post: operations["setClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/channels/{id}/failure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Make sends on a channel fail
         * @description While `fail` is true, every send on the channel fails; the post goes to `ERROR` and its credits are given back.
         */
        put: operations["setChannelFailure"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the mock's limits
         * @description Gives the numbers the reference leaves "not shown" and the mock makes configurable — the hourly `POST /posts` limit per workspace, the free storage amount, the free plan's library capacity, the caps on what clients can make the mock keep — and whether webhooks may point at loopback addresses (for tests).
         *     With `workspace`, the limits as that workspace has them: its own where they were set for it alone (`PUT /limits` with `workspaces`), else the world's.
         */
        get: operations["getLimits"];
        /**
         * Change the mock's limits
         * @description Changes any subset of the limits; the others keep their values. With `workspaces`, the limits are set
         *     for those workspaces alone, over the world's (caps stay the world's: `caps` is refused with
         *     `workspaces`); a workspace reset takes them back. The answer is the limits the first of them has.
         */
        put: operations["setLimits"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{id}/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a workspace's webhooks
         * @description Lists the workspace's webhooks, as configured in the app.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Create a webhook
         * @description Adds a webhook as the app's webhook screen would. The URL must be a public HTTPS address; private,
         *     internal and loopback addresses are refused with 400 (loopback is allowed only while the limit
         *     `allowLoopbackWebhooks` is on, so tests can receive deliveries). A free-plan workspace allows 30
         *     webhooks; the 31st answers 400. `integrations` is `all` (the default) or a list of channel ids.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{id}/webhooks/{webhookId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a webhook
         * @description Removes the webhook; it receives no further deliveries.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{id}/webhooks/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test delivery
         * @description Plays the app's Send Test action, sending a sample array of two example posts (from two different networks) to the URL. Like the app, it does not report the endpoint's answer; the delivery is recorded with `test true`.
         */
        post: operations["sendTestWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook deliveries
         * @description Lists every webhook request the mock sent (real and test), optionally for one workspace, with the body sent and the endpoint's status or the network error. Deliveries are sent once, without retries, and a failed one is only recorded here.
         */
        get: operations["listDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the requests clients sent (the request journal)
         * @description Lists the public API requests the mock received, oldest first, newest `caps.journal` kept (default
         *     1,000; older ones are forgotten and counted in `forgotten`). Each entry has the method, the path, the
         *     operation, the caller's workspace, the status answered, the mock clock's and real time, and the body's
         *     size. The parsed JSON body is kept only when the mock runs with `--journal-bodies` (option
         *     `journalBodies`). API keys and OAuth tokens are never recorded (headers are not kept), an upload ticket in
         *     a path reads `[redacted]`, and in kept bodies and queries fields named like secrets (`token`,
         *     `apiKey`, `secret`, `password`...) and the request's own credential are blanked. The control API, `/docs`
         *     and the app-host pages are not recorded. Every filter is optional; they combine.
         *
         *     An entry also says what decided its answer: `answer` for an answer of 400 or more (the refusal's message, and
         *     whether the wallet refused), `override` when one answered, and `wallet` for the ledger entries the request
         *     added to its caller's wallet (charges, refunds, automatic top-ups). To follow the journal live, ask again with
         *     `after` set to the `lastSeq` of the previous answer; a `lastSeq` lower than before means the mock was reset.
         */
        get: operations["listRequests"];
        put?: never;
        post?: never;
        /**
         * Clear the request journal
         * @description Forgets every recorded request (a reset does too). Sequence numbers go on, so `after` never matches an entry from before.
         */
        delete: operations["clearRequests"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latency": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the simulated latency
         * @description The delay the mock adds before answering public API requests (`--latency`), and the seed its random delays are drawn from. The control API, `/docs` and the app-host pages are never delayed.
         */
        get: operations["getLatency"];
        /**
         * Change the simulated latency
         * @description Sets the latency in the syntax of `--latency` (`off`, `200`, `100-800`, `createPosts=1500,listPosts=50-200,100`) and optionally a new seed; every operation's stream of delays starts again. A reset goes back to how the mock started.
         */
        put: operations["setLatency"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/overrides": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the answers set on demand
         * @description The overrides in force, oldest first: each makes the next calls of one public operation answer a documented
         *     status with the document's example body, drop the connection, or wait. When several name the same operation
         *     the oldest applies first, and one whose `times` are spent goes. A request that sends its own `Prefer`
         *     (`code`, `example`, `dynamic=false`, `error`, `delay`) is answered by it instead, and spends none.
         */
        get: operations["listOverrides"];
        put?: never;
        /**
         * Make an operation answer a status, a network error or a delay
         * @description Makes the next `times` calls of a public operation (every call until cleared when `times` is left out)
         *     answer one of its documented statuses with the document's example for it (`example` names one when the
         *     status has several), a server error (500, 502, 503 or 504, in the `Error` shape; a 503 with `Retry-After`),
         *     or drop the connection (`error: network`), optionally after `delayMs`; `delayMs` alone
         *     holds the operation's real answer that long. An overridden answer never runs the operation, so nothing
         *     changes; it is recorded in the request journal with `override`. A status the operation does not document,
         *     an unknown example or operation answers 400 naming what there is. At most 100 overrides are kept; a reset
         *     clears them.
         */
        post: operations["createOverride"];
        /**
         * Clear every override
         * @description Every operation answers for real again (a reset does this too).
         */
        delete: operations["clearOverrides"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/overrides/{overrideId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Clear one override
         * @description The operation it named answers for real again, unless another override names it too.
         */
        delete: operations["deleteOverride"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{id}/wallet/top-up": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Top up a wallet
         * @description Plays a top-up in the app (a `TOPUP` transaction). The first top-up makes a free workspace pay-as-you-go (unless the wallet is frozen, which refuses top-ups with 400) and opens the brief and skills.
         */
        post: operations["topUpWallet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{id}/wallet/grant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Grant credits
         * @description Adds credits as an administrator's grant (a `GRANT` transaction). A grant is not a top-up and does not make the workspace pay-as-you-go.
         */
        post: operations["grantCredits"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{id}/wallet/adjust": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Adjust a wallet
         * @description Records a signed `ADJUST` transaction. A negative adjustment is a claw-back (a disputed payment) — it may take the balance below zero and freezes the wallet, which stops pay-as-you-go and refuses top-ups until unfrozen.
         */
        post: operations["adjustWallet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{id}/wallet/freeze": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Freeze a wallet
         * @description Freezes the wallet; while frozen the workspace is not pay-as-you-go.
         */
        post: operations["freezeWallet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{id}/wallet/unfreeze": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unfreeze a wallet
         * @description Unfreezes the wallet; a wallet that was topped up before becomes pay-as-you-go again.
         */
        post: operations["unfreezeWallet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{id}/wallet/auto-top-up": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set automatic top-up
         * @description Plays the app's automatic top-up settings. When on, a top-up of `amount` (smallest currency unit) fires when the balance falls below `belowCredits` or below what an action needs, only while the top-ups left under `monthlyLimit` cover the whole shortfall.
         */
        put: operations["setAutoTopUp"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{id}/plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a workspace's plan
         * @description Moves the workspace to the free or the paid plan. On the paid plan the wallet is not used and AI generation opens.
         */
        put: operations["setPlan"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{id}/oauth-app": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a workspace's OAuth app
         * @description Gives the workspace's OAuth app, without its secret. 404 when the workspace has none.
         */
        get: operations["getOAuthApp"];
        put?: never;
        /**
         * Create the workspace's OAuth app
         * @description Creates the workspace's one OAuth app, as a workspace admin would in the app. The client secret is shown once, here (and on rotation). 400 when the workspace already has an app.
         */
        post: operations["createOAuthApp"];
        /**
         * Delete the workspace's OAuth app
         * @description Deletes the app. Every access token it issued answers 401 `Invalid OAuth token` at once.
         */
        delete: operations["deleteOAuthApp"];
        options?: never;
        head?: never;
        /**
         * Edit the workspace's OAuth app
         * @description Changes any of the app's fields; the others keep their values. The secret is not shown.
         */
        patch: operations["updateOAuthApp"];
        trace?: never;
    };
    "/workspaces/{id}/oauth-app/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the OAuth app's secret
         * @description Gives the app a new client secret, shown once here; the old secret stops working at once.
         */
        post: operations["rotateOAuthSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{id}/oauth-app/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke the OAuth app's tokens
         * @description Plays a user revoking the app in the approved-apps settings. Every token the app holds stops at once (401 `Invalid OAuth token`); the answer counts them.
         */
        post: operations["revokeOAuthApp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{id}/brief/{category}/{key}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a brief document's revisions
         * @description Lists the revisions of a brief document, oldest first. Every save records a revision; a delete with `keepHistory=true` records a `deleted` one, while a plain delete drops the history.
         */
        get: operations["getBriefHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/faults": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List faults
         * @description Gives the catalogue of named faults (realistic deviations from the contract the mock can start with, to prove the suites catch them) and the ones active in this run.
         */
        get: operations["listFaults"];
        /**
         * Switch faults on or off
         * @description Makes `active` the faults switched on, from the next request (each a name of the catalogue; an empty list switches every fault off), as if the mock had been started with them (`--fault`). A fault is a deviation from the contract, to see a suite or an app meet it; nothing else of the world changes. An unknown name answers 400 and nothing changes. A reset goes back to the faults the mock started with.
         */
        put: operations["setFaults"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show the consent page
         * @description The app's OAuth consent page, in HTML. It names the app and asks the user to approve or deny it for a workspace; the form posts to `POST /oauth/authorize`. An unknown `client_id` or a `response_type` other than `code` answers 400.
         */
        get: operations["authorizeOAuth"];
        put?: never;
        /**
         * Submit the consent form
         * @description The consent page's form. On approval the user is redirected (302) to the app's redirect URL with `code` (single use, valid 10 minutes) and `state`; on denial with `error=access_denied` and `state`. Under `--control-token`, approving needs the token in `control_token` (401 otherwise, before anything changes; the form stays usable).
         */
        post: operations["submitOAuthConsent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wallet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show the wallet page
         * @description The app's wallet page, in HTML, where `topUpUrl` and the `url` of a 402 wallet refusal lead (the
         *     path is the mock's `walletPath`, `/wallet` by default). They carry `link`, a handle the mock made
         *     for the workspace that asked (`wl_` and 32 hex digits, random, kept while the mock runs), so the
         *     page shows that workspace: its balance, plan and automatic top-up, a form to add credits (a
         *     `TOPUP`, as `POST /workspaces/{id}/wallet/top-up` does) and one to turn automatic top-up on or
         *     off. The forms post to `POST /wallet` with a single-use CSRF field bound to that workspace (and,
         *     under `--control-token`, a field for the token). Without `link`, the page lists every workspace,
         *     each by its link. Same-origin only, and only for a `Host` that names the mock (403 otherwise).
         */
        get: operations["showWalletPage"];
        put?: never;
        /**
         * Submit a wallet page form
         * @description A wallet page form. `action=top-up` adds `credits` as a top-up (the first one makes a free
         *     workspace pay-as-you-go; a frozen wallet refuses it); `action=auto-top-up-on` turns automatic
         *     top-up on with `belowCredits` and `amount` (smallest currency unit); `action=auto-top-up-off`
         *     turns it off. The workspace is the one the page showed (its CSRF field is bound to it), and `link`
         *     must name that same workspace. On success the person is redirected (303) to the page again, with
         *     `link`, `done` and `return`; a refused form (expired or reused CSRF field, a `link` that is not the
         *     page's, invalid amount, frozen wallet, the ledger cap) answers an HTML page with status 400 and
         *     changes nothing. Under
         *     `--control-token`, every form needs the token in `control_token` (401 otherwise, before anything
         *     changes).
         */
        post: operations["submitWalletPage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange a code for an access token
         * @description Exchanges an authorization code (from the consent redirect, within 10 minutes, once) for an access
         *     token. The token begins `pos_`, does not expire, has no refresh token and no scopes; it acts as the
         *     workspace's API key would, sent on its own in `Authorization`. Failure bodies are the mock's
         *     choice (the reference does not show them): 400 `unsupported_grant_type`, `invalid_request` or
         *     `invalid_grant` (unknown, used or expired code), 401 `invalid_client` (wrong client id or secret).
         */
        post: operations["exchangeOAuthCode"];
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
            states: string[];
        };
        StateRequest: {
            /** @enum {string} */
            state: "world.reset" | "workspaces" | "workspace.created" | "workspace.keyRotated" | "workspace.reset" | "workspaces.reset" | "clock" | "clock.moved" | "workspace.clockMoved" | "channel.failing" | "limits" | "limits.set" | "workspace.limitsSet" | "webhooks" | "webhook.created" | "webhook.deleted" | "webhook.testSent" | "deliveries" | "wallet.toppedUp" | "wallet.granted" | "wallet.adjusted" | "wallet.frozen" | "wallet.unfrozen" | "wallet.autoTopUp" | "oauthApp.created" | "oauthApp.edited" | "oauthApp.secretRotated" | "oauthApp.revoked" | "oauthApp.deleted";
            params?: Record<string, unknown>;
        };
        /** @description The control API's error; the same shape as the public `Error`, with all three fields always sent. */
        Error: {
            statusCode: number;
            msg: string;
            message: string | string[];
        };
        Ok: {
            /** @constant */
            ok: true;
        };
        Deleted: {
            /** @constant */
            deleted: true;
        };
        /** @description A workspace as the control API sees it, with its current API key. */
        Workspace: {
            id: string;
            name: string;
            /** @enum {string} */
            plan: "free" | "paid";
            payAsYouGo: boolean;
            /** @description Whether the wallet is frozen. */
            frozen: boolean;
            apiKey: string;
        };
        /** @description A `plan` for a new workspace with one group and a channel of every provider, or `like` for a copy. */
        CreateWorkspace: {
            name?: string;
            /** @enum {string} */
            plan?: "free" | "paid";
            /** @description Credits to top up at once; more than 0 makes a free workspace pay-as-you-go. */
            topUpCredits?: number;
            /**
             * @description Make it like this workspace was made (its seed, or the call that created it): the same plan, groups,
             *     channels (providers, customers, posting times) and first wallet, every id and the API key its own. The
             *     verifier's concurrent checks each work in copies of the seeded workspaces this way. `plan` and
             *     `topUpCredits`, when given, must be left out.
             */
            like?: string;
        } | unknown | unknown;
        Clock: {
            /** Format: date-time */
            now: string;
            frozen: boolean;
        };
        /** @description Any combination of the fields. The clock stays within the years 1970 to 9999 (what a scenario or state file can hold): a `now`, or `now` plus `advanceSeconds`, outside them answers 400 and the clock does not move. */
        SetClock: {
            /** @description Seconds to move forward (at most the span from 1970 to the end of 9999). */
            advanceSeconds?: number;
            /**
             * Format: date-time
             * @description An instant from 1970 to 9999.
             */
            now?: string;
            frozen?: boolean;
            workspaces?: components["schemas"]["WorkspaceIds"];
        };
        /** @description Workspace ids; the change is theirs alone. Unknown ids answer 404 and nothing changes. */
        WorkspaceIds: string[];
        /** @description The clock after the change, and the posts it published or failed. */
        ClockResult: components["schemas"]["Clock"] & {
            published: string[];
            failed: string[];
        };
        Limits: {
            /** @description `POST /posts` requests per workspace per hour before 429. */
            postsPerHour: number;
            /** @description Let webhooks point at loopback addresses (for tests). */
            allowLoopbackWebhooks: boolean;
            /** @description Storage free of charge; above it, uploads are paid from the wallet. */
            freeStorageBytes: number;
            /** @description The free plan's media library capacity; above it, uploads answer 413. */
            freeLibraryBytes: number;
            caps: components["schemas"]["Caps"];
        };
        /** @description Bounds on everything a client can make the mock keep, so that no client can grow its memory without bound. The reference sets none of these numbers. Record caps count records; the `...Bytes` budgets count the bytes of what is kept, each record measured once as what it costs the process (the larger of an estimate of its size on the heap and its text in a state file; the journal's entries by their JSON). Where a cap refuses, the operation answers 400 naming the cap and nothing changes; where it forgets (revisions, notifications, consent pages, codes, deliveries, the journal), the oldest go. Ledger entries, upload tickets, codes and tokens are of fixed size, so their record caps bound their bytes too. */
        Caps: {
            /** @description Posts per workspace (each thread item counts); refuses. */
            posts: number;
            /** @description Media files per workspace; refuses. */
            media: number;
            /** @description Wallet ledger entries per workspace; a charge past it is refused, a refund never is. */
            ledgerEntries: number;
            /** @description Unspent, unexpired upload tickets per workspace; refuses. */
            openTickets: number;
            /** @description Brief documents per workspace; refuses. */
            briefDocuments: number;
            /** @description Revisions kept per brief document; forgets. */
            briefRevisions: number;
            /** @description Notifications kept per workspace; forgets. */
            notifications: number;
            /** @description Webhooks per workspace (a free one also has the reference's 30); refuses. */
            webhooks: number;
            /** @description Workspaces in the mock, seeded ones included; refuses. */
            workspaces: number;
            /** @description Consent pages shown and not answered, over the mock; forgets. */
            pendingConsents: number;
            /** @description Authorization codes kept, spent ones included; forgets. */
            authorizationCodes: number;
            /** @description OAuth access tokens over the mock; an exchange past it answers 400 invalid_request. */
            accessTokens: number;
            /** @description Webhook deliveries kept for GET /deliveries; forgets. */
            deliveries: number;
            /** @description Public API requests kept for GET /requests (the request journal); forgets; 0 keeps none. */
            journal: number;
            /** @description Bytes of posts per workspace (text, settings, tags, images as stored, each thread item a record); refuses. */
            postBytes: number;
            /** @description Bytes of brief documents and their kept revisions per workspace; a save first forgets the oldest revisions of its own document, then refuses. */
            briefBytes: number;
            /** @description Bytes of media library records per workspace (names, paths, types; the files themselves are on disk, under the storage limits); refuses. */
            mediaBytes: number;
            /** @description Bytes of webhooks per workspace; refuses. */
            webhookBytes: number;
            /** @description Bytes of consent pages shown and not answered, over the mock; forgets. */
            pendingConsentBytes: number;
            /** @description Bytes of webhook deliveries kept, over the mock; forgets. */
            deliveryBytes: number;
            /** @description Bytes of request journal entries kept, over the mock; forgets. */
            journalBytes: number;
        };
        /** @description Any subset of the caps. */
        CapsUpdate: {
            posts?: number;
            media?: number;
            ledgerEntries?: number;
            openTickets?: number;
            briefDocuments?: number;
            briefRevisions?: number;
            notifications?: number;
            webhooks?: number;
            workspaces?: number;
            pendingConsents?: number;
            authorizationCodes?: number;
            accessTokens?: number;
            deliveries?: number;
            journal?: number;
            postBytes?: number;
            briefBytes?: number;
            mediaBytes?: number;
            webhookBytes?: number;
            pendingConsentBytes?: number;
            deliveryBytes?: number;
            journalBytes?: number;
        };
        /** @description Any subset of the limits. */
        LimitsUpdate: {
            postsPerHour?: number;
            allowLoopbackWebhooks?: boolean;
            freeStorageBytes?: number;
            freeLibraryBytes?: number;
            caps?: components["schemas"]["CapsUpdate"];
            workspaces?: components["schemas"]["WorkspaceIds"];
        };
        /** @description `all` channels, or the ids of the channels covered. */
        WebhookIntegrations: "all" | string[];
        Webhook: {
            id: string;
            name: string;
            /** Format: uri */
            url: string;
            integrations: components["schemas"]["WebhookIntegrations"];
        };
        CreateWebhook: {
            name?: string;
            /**
             * Format: uri
             * @description A public HTTPS address (loopback only while `allowLoopbackWebhooks` is on).
             */
            url: string;
            integrations?: components["schemas"]["WebhookIntegrations"];
        };
        /** @description One webhook request the mock sent. */
        Delivery: {
            id: string;
            /** @description The webhook; null for a test delivery. */
            webhookId: string | null;
            workspaceId: string;
            url: string;
            /** @description The JSON array sent (one post for a real delivery, two for a test). */
            body: unknown[];
            /** @description The endpoint's HTTP status; null when the request did not get an answer. */
            status: number | null;
            /** @description The network error, when there was one. */
            error: string | null;
            /** Format: date-time */
            at: string;
            test: boolean;
        };
        /** @description The request journal, filtered. */
        Journal: {
            /** @description Whether request bodies are kept (`--journal-bodies`). */
            bodies: boolean;
            /** @description Entries kept at most (`caps.journal`). */
            cap: number;
            /** @description Entries dropped to stay within the cap since the start or the last reset. */
            forgotten: number;
            /** @description The `seq` of the newest entry recorded since the start or the last reset, whatever the filters (0 when none): the `after` of the next poll. Lower than a previous answer's: the mock was reset. */
            lastSeq: number;
            entries: components["schemas"]["JournalEntry"][];
        };
        /** @description One public API request, as received and answered. */
        JournalEntry: {
            /** @description Its number in arrival order. */
            seq: number;
            method: string;
            /** @description The path, an upload ticket in it as `[redacted]`. */
            path: string;
            /** @description The query parameters, when there were any (one value per name). */
            query?: {
                [key: string]: string;
            };
            operationId: string;
            /** @description The caller's workspace; null when the request was not authenticated. */
            workspaceId: string | null;
            /** @description The status answered; 0 when the connection was dropped (an override's network error). */
            status: number;
            /**
             * Format: date-time
             * @description The mock clock when the request arrived.
             */
            at: string;
            /**
             * Format: date-time
             * @description Real time when the request arrived.
             */
            receivedAt: string;
            /** @description The body's size in bytes; null when unknown (a streamed upload without Content-Length). */
            bodyBytes: number | null;
            /** @description The delay added to the answer: `--latency`, or the `delay` an override asked for. */
            latencyMs: number;
            override?: components["schemas"]["JournalOverride"];
            /** @description The parsed JSON body, redacted (only with `--journal-bodies`, and when its JSON is at most 16 KiB). */
            body?: unknown;
            /** @description The body was over 16 KiB; `bodyText` holds its start. */
            bodyTruncated?: boolean;
            /** @description The first 16 KiB of a larger body's JSON (redacted). */
            bodyText?: string;
            answer?: components["schemas"]["JournalAnswer"];
            wallet?: components["schemas"]["JournalWallet"];
        };
        /** @description What decided an answer of 400 or more, read from its body: the refusal's message (a validation problem, a wallet or plan refusal, a missing or wrong key, a limit), redacted like the rest of the entry. An answer an override gave carries its example's message; a dropped connection has none. */
        JournalAnswer: {
            /** @description The body's `message`, else its `msg` (a list joined with `; `), at most 1,000 characters. */
            message: string;
            /**
             * @description A wallet refusal (`{wallet: true, url, message}`): the wallet did not cover the action.
             * @constant
             */
            wallet?: true;
            /** @description The channel a settings problem names (a `PostValidationError`'s `name`). */
            channel?: string;
        };
        /** @description The ledger entries the request added to its caller's wallet (charges, refunds, automatic top-ups); absent when it added none. */
        JournalWallet: {
            /** @description Their sum, in credits: negative when the request cost credits. */
            credits: number;
            /** @description The wallet's balance after the request, in credits. */
            balance: number;
            /** @description The entries, oldest first (the first 20). */
            entries: {
                /** @enum {string} */
                type: "TOPUP" | "AUTO_TOPUP" | "SPEND" | "REFUND" | "GRANT" | "ADJUST";
                /** @description Signed. */
                credits: number;
                description: string | null;
                /** @description What it paid for or gave back: a post id, a media id. */
                reference: string | null;
            }[];
        };
        Latency: {
            /** @description The `--latency` syntax, normalized; `off` when none. */
            latency: string;
            /** @description Random delays are drawn from this seed (the mock's `--seed`, else random at start), one stream per operation. */
            seed: number;
        };
        LatencyUpdate: {
            /** @description `off`, `200`, `100-800`, or `createPosts=1500,listPosts=50-200,100` (operationId=ms or min-max, and a default). */
            latency: string;
            seed?: number;
        };
        /** @description What the next calls of one public operation answer: a documented status (with `example`) or a server error, a network error, and or a delay. At least one of `status`, `example`, `error` and `delayMs`. */
        OverrideCreate: {
            /** @description A public API operationId, e.g. createPosts. */
            operationId: string;
            /** @description A status the operation documents, the body its example in the public document; or a server error (500, 502, 503, 504), the body in the `Error` shape (a mock decision: the reference documents no 5xx). */
            status?: number;
            /** @description The name of one of the status's examples (`example` for the unnamed one); without `status`, the lowest status that has an example of this name. */
            example?: string;
            /**
             * @description `network`: the connection drops, with a broken head no client resends (a fetch rejects, once). Not with `status` or `example`.
             * @enum {string}
             */
            error?: "network";
            /** @description Hold the answer this long (in place of `--latency`); alone, the real answer is held. */
            delayMs?: number;
            /** @description How many calls it answers; left out, every call until cleared. */
            times?: number;
        };
        /** @description An override in force. */
        Override: {
            id: string;
            operationId: string;
            status?: number;
            example?: string;
            /** @enum {string} */
            error?: "network";
            delayMs?: number;
            /** @description As set; null: until cleared. */
            times: number | null;
            /** @description Calls it still answers; null: until cleared. */
            remaining: number | null;
            /** @description Calls it has answered. */
            used: number;
        };
        OverrideList: {
            /** @description Overrides kept at most. */
            cap: number;
            overrides: components["schemas"]["Override"][];
        };
        /** @description What answered in place of the operation, or held or dropped its answer: a `Prefer` header of the request or an override of the control API. With `status` or `error` (or `refused`) the operation did not run. */
        JournalOverride: {
            /** @enum {string} */
            by: "prefer" | "control";
            /** @description The control API's override id. */
            id?: string;
            /** @description The documented status answered with the document's example. */
            status?: number;
            /** @description The example's name; absent where the document has none and the mock built the body. */
            example?: string;
            /**
             * @description The connection was dropped with no answer.
             * @enum {string}
             */
            error?: "network";
            /** @description The delay asked for. */
            delayMs?: number;
            /** @description Why a `Prefer` could not be honoured; the mock answered 400 with this message. */
            refused?: string;
        };
        /** @description A wallet page form, as the page sends it (every value a string). */
        WalletForm: {
            /** @description The wallet link handle of the page that showed the form. */
            link: string;
            /** @description The single-use nonce of the page that showed the form (valid for an hour). */
            csrf_token: string;
            /** @enum {string} */
            action: "top-up" | "auto-top-up-on" | "auto-top-up-off";
            /** @description With `top-up`, the credits to add (more than 0, at most 2 decimals). */
            credits?: string;
            /** @description With `auto-top-up-on`, the balance under which a top-up fires. */
            belowCredits?: string;
            /** @description With `auto-top-up-on`, the top-up amount in the smallest currency unit. */
            amount?: string;
            /** @description The app's page to go back to (kept under the same rule as the page's `return`). */
            return?: string;
            /** @description The mock's `--control-token`, typed by the person; required when the mock has one. */
            control_token?: string;
        };
        ControlAutoTopUp: {
            enabled: boolean;
            belowCredits?: number | null;
            /** @description Smallest currency unit. */
            amount?: number | null;
            /** @description Smallest currency unit. */
            monthlyLimit?: number | null;
        };
        /** @description The control view of a workspace's wallet. */
        ControlWallet: {
            balance: number;
            payAsYouGo: boolean;
            frozen: boolean;
            autoTopUp?: components["schemas"]["ControlAutoTopUp"];
        };
        AutoTopUpSettings: {
            enabled: boolean;
            /** @description Top up when the balance falls below this many credits. */
            belowCredits?: number | null;
            /** @description Amount of one top-up, in the smallest currency unit. */
            amount?: number | null;
            /** @description Cap on automatic top-ups per month, in the smallest currency unit. */
            monthlyLimit?: number | null;
        };
        /** @description A workspace's OAuth app, without its secret. */
        OAuthApp: {
            clientId: string;
            name: string;
            description?: string | null;
            picture?: string | null;
            /** Format: uri */
            redirectUrl: string;
        };
        /** @description A new OAuth app with its secret, shown once. */
        OAuthAppWithSecret: components["schemas"]["OAuthApp"] & {
            clientSecret: string;
        };
        CreateOAuthApp: {
            name: string;
            description?: string;
            picture?: string;
            /** Format: uri */
            redirectUrl: string;
        };
        UpdateOAuthApp: {
            name?: string;
            description?: string;
            picture?: string;
            /** Format: uri */
            redirectUrl?: string;
        };
        BriefRevision: {
            revision: number;
            /** Format: date-time */
            at: string;
            /** @enum {string} */
            action: "saved" | "deleted";
            /** @description The document's content at this revision (`title`, `blocks`, `links`, `assets`). */
            content: Record<string, unknown> | null;
        };
        FaultsUpdate: {
            /** @description The names of the faults to switch on (`GET /faults` lists the catalogue); every other is off. */
            active: string[];
        };
        Faults: {
            active: string[];
            catalogue: {
                name: string;
                area: string;
                description: string;
            }[];
        };
        /** @description The consent form's fields. */
        ConsentForm: {
            client_id: string;
            /** @description The workspace the user approves the app for. */
            workspace: string;
            state?: string;
            /** @enum {string} */
            decision: "approve" | "deny";
            /** @description The mock's `--control-token`, typed by the person; required to approve when the mock has one. */
            control_token?: string;
        };
        TokenRequest: {
            /** @description Must be `authorization_code`; anything else answers 400 `unsupported_grant_type`. */
            grant_type: string;
            code: string;
            client_id: string;
            client_secret: string;
        };
        TokenResponse: {
            access_token: string;
            /** @description The workspace id. */
            id: string;
            /** @constant */
            token_type: "bearer";
        };
        /** @description An OAuth 2 error (the mock's choice; the reference does not show these bodies). */
        TokenError: {
            error: string;
            error_description?: string;
        };
        ScenarioLoaded: {
            /** @constant */
            ok: true;
            /** @description How many workspaces the world now has. */
            workspaces: number;
        };
        /** @description A whole world of the mock (version 1). Times are milliseconds since the epoch (UTC) except `clock.now`; wallet amounts (`cents`, `balance`, `belowCents`) are hundredths of a credit. Lists are in the order the mock keeps them (oldest first). Media entries are metadata only: the file bytes are not in the document, unless `files` carries some (a recording made with `spw record --media`). */
        Scenario: {
            /** @constant */
            scenarioVersion: 1;
            /** @description Media files' bytes, each served at `/media-files/{name}` once the scenario is loaded (the `path` of a media entry). A name is one path segment of letters, digits, `_`, `-` and `.`, never `..`. */
            files?: {
                name: string;
                mime: string;
                /** @description The bytes, base64. */
                data: string;
            }[];
            /** @description What this scenario is for, for people; the mock does not read it. */
            description?: string;
            recorded?: components["schemas"]["ScenarioRecorded"];
            clock: {
                /** Format: date-time */
                now: string;
                /** @description A running clock runs on from `now`. */
                frozen: boolean;
            };
            config: components["schemas"]["ScenarioConfig"];
            workspaces: components["schemas"]["ScenarioWorkspace"][];
            oauthTokens: {
                token: string;
                workspaceId: string;
                clientId: string;
            }[];
            deliveries: components["schemas"]["ScenarioDelivery"][];
        };
        /** @description Where a scenario recorded from a live workspace (`spw record`) came from, and what the public API did not show, which the mock's defaults fill. For people; the mock does not read it. */
        ScenarioRecorded: {
            /** @description The API root recorded (never a key). */
            target?: string;
            /**
             * Format: date-time
             * @description When it was recorded, as the target's clock was taken to be.
             */
            at: string;
            /** @description The posts read, by publish date. */
            window?: {
                /** Format: date-time */
                from: string;
                /** Format: date-time */
                to: string;
            };
            /** @description Post text, names and file names were replaced with generated text of the same shape. */
            anonymized?: boolean;
            /** @description What the public API does not show, each with the mock's default that stands in for it. */
            notShown: string[];
        };
        /** @description The mock's numbers; those left out take the defaults (see `docs/configuration.md`). */
        ScenarioConfig: {
            postsPerHour?: number;
            freeLibraryBytes?: number;
            freeStorageBytes?: number;
            freeWebhookLimit?: number;
            allowLoopbackWebhooks?: boolean;
            /** @description At most a year. */
            ticketSeconds?: number;
            maxImageBytes?: number;
            maxVideoBytes?: number;
            maxDocumentBytes?: number;
            /** @description At most an hour. */
            urlFetchTimeoutMs?: number;
            /** @description At most a year. */
            oauthCodeSeconds?: number;
            /** @description At most a year. */
            analyticsCacheSeconds?: number;
            notificationsPageSize?: number;
            /** @description At most a year. */
            forecastWindowHours?: number;
            walletPath?: string;
            walletCurrency?: string;
            creditsPerUnit?: number;
            lowBalanceCredits?: number;
            caps?: components["schemas"]["CapsUpdate"];
        };
        /** @description Milliseconds since the epoch (UTC), from 1970 to the end of 9999. */
        ScenarioTime: number;
        ScenarioWorkspace: {
            id: string;
            name: string;
            /** @enum {string} */
            plan: "free" | "paid";
            apiKey: string;
            groups: {
                id: string;
                name: string;
            }[];
            channels: {
                id: string;
                name: string;
                /** @description The provider (`x`, `linkedin`, ...). */
                identifier: string;
                picture: string | null;
                disabled: boolean;
                profile: string | null;
                /** @description The group the channel is labelled with. */
                customer: string | null;
                /** @description Minutes after midnight UTC at which the channel posts. */
                postingTimes: number[];
                /** @description Sends on this channel fail (PUT /channels/{id}/failure). */
                failing: boolean;
            }[];
            /** @description Every post row (thread items and comments too), in the order stored. */
            posts: components["schemas"]["ScenarioPost"][];
            wallet: {
                /** @description Hundredths of a credit; must equal the sum of the ledger's `cents`. */
                balance: number;
                toppedUp: boolean;
                frozen: boolean;
                autoTopUp: {
                    enabled: boolean;
                    belowCents: number | null;
                    /** @description Smallest currency unit. */
                    amount: number | null;
                    monthlyLimit: number | null;
                };
                ledger: {
                    id: string;
                    /** @enum {string} */
                    type: "TOPUP" | "AUTO_TOPUP" | "SPEND" | "REFUND" | "GRANT" | "ADJUST";
                    description: string | null;
                    cents: number;
                    quantity: number;
                    actionKey: string | null;
                    reference: string | null;
                    receiptUrl: string | null;
                    createdAt: components["schemas"]["ScenarioTime"];
                    currencyAmount?: number;
                }[];
                /** @description Paid post items not sent yet (refunded if they fail). */
                paid: {
                    postId: string;
                    group: string;
                    provider: string;
                    actionKey: string;
                    cents: number;
                    quantity: number;
                }[];
            };
            /** @description Media library metadata, oldest first; the bytes are not in the document. */
            media: {
                id: string;
                name: string;
                originalName: string | null;
                path: string;
                thumbnail: string | null;
                alt: string | null;
                bytes: number;
                mime: string;
                /** @enum {string} */
                kind: "image" | "video" | "document";
                createdAt: components["schemas"]["ScenarioTime"];
                seq: number;
            }[];
            brief: {
                documents: {
                    category: string;
                    key: string;
                    content: components["schemas"]["ScenarioBriefContent"];
                    updatedAt: components["schemas"]["ScenarioTime"];
                }[];
                history: {
                    category: string;
                    key: string;
                    revisions: {
                        revision: number;
                        at: components["schemas"]["ScenarioTime"];
                        /** @enum {string} */
                        action: "saved" | "deleted";
                        content: null | components["schemas"]["ScenarioBriefContent"];
                    }[];
                }[];
                onboarding: {
                    id: string;
                    createdAt: components["schemas"]["ScenarioTime"];
                    /** @enum {string} */
                    status: "RUNNING" | "DONE" | "FAILED";
                    finishedAt: components["schemas"]["ScenarioTime"] | null;
                    error: string | null;
                }[];
            };
            notifications: {
                id: string;
                content: string;
                link: string | null;
                createdAt: components["schemas"]["ScenarioTime"];
            }[];
            webhooks: {
                id: string;
                name: string;
                url: string;
                integrations: components["schemas"]["WebhookIntegrations"];
            }[];
            oauthApp: null | {
                clientId: string;
                clientSecret: string;
                name: string;
                description: string | null;
                picture: string | null;
                redirectUrl: string;
            };
            analytics: {
                /** @description `channelId:days` -> when the numbers were last read. */
                cache: {
                    [key: string]: components["schemas"]["ScenarioTime"];
                };
                /** @description `postId:YYYY-MM-DD` of charged post reads (charged once per post per UTC day). */
                chargedReads: string[];
            };
            /** @description Times of the workspace's recent `POST /posts` requests (the hourly limit). */
            postRequests: components["schemas"]["ScenarioTime"][];
            /** @description How far the workspace's clock is ahead of the world's (its clock was moved alone, `POST /clock` with `workspaces`); absent when it is on the world's. */
            clockAheadMs?: number;
            /** @description The limits set for this workspace alone (`PUT /limits` with `workspaces`); absent when it has none. */
            limits?: {
                postsPerHour?: number;
                allowLoopbackWebhooks?: boolean;
                freeStorageBytes?: number;
                freeLibraryBytes?: number;
            };
        };
        ScenarioPost: {
            id: string;
            group: string;
            channelId: string;
            index: number;
            content: string;
            template?: string;
            images: {
                id: string;
                path: string;
                alt?: string | null;
                thumbnail?: string | null;
            }[];
            settings: Record<string, unknown> | null;
            publishAt: components["schemas"]["ScenarioTime"];
            delayMinutes: number;
            /** @enum {string} */
            state: "DRAFT" | "QUEUE" | "PUBLISHED" | "ERROR";
            releaseURL: string | null;
            releaseId: string | null;
            inter: number | null;
            tags: {
                value: string;
                label: string;
            }[];
            shortLink: boolean;
            /** @enum {string} */
            creationMethod: "API" | "CLI";
            createdAt: components["schemas"]["ScenarioTime"];
            publishedAt: components["schemas"]["ScenarioTime"] | null;
            error: string | null;
        };
        ScenarioBriefContent: {
            title: string;
            blocks: Record<string, unknown>[];
            links: Record<string, unknown>[];
            assets: Record<string, unknown>[];
        };
        ScenarioDelivery: {
            id: string;
            webhookId: string | null;
            workspaceId: string;
            url: string;
            body: unknown[];
            status: number | null;
            error: string | null;
            at: components["schemas"]["ScenarioTime"];
            test: boolean;
        };
    };
    responses: {
        /** @description Invalid input. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "statusCode": 400,
                 *       "msg": "credits must be > 0",
                 *       "message": "credits must be > 0"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Unknown workspace, channel, webhook, app or document. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "statusCode": 404,
                 *       "msg": "Workspace not found",
                 *       "message": "Workspace not found"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /** @description Workspace id. */
        WorkspaceId: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    resetWorld: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The world is reset. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true
                     *     }
                     */
                    "application/json": components["schemas"]["Ok"];
                };
            };
        };
    };
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
                 *       "state": "clock",
                 *       "params": {
                 *         "advanceSeconds": 3600
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["StateRequest"];
            };
        };
        responses: {
            /** @description What the state produces (see `spec/states.yaml`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    exportScenario: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The scenario. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Scenario"];
                };
            };
        };
    };
    importScenario: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Scenario"];
            };
        };
        responses: {
            /** @description The world now is the scenario. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "workspaces": 3
                     *     }
                     */
                    "application/json": components["schemas"]["ScenarioLoaded"];
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    listWorkspaces: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workspaces. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "ws_free",
                     *         "name": "Free workspace",
                     *         "plan": "free",
                     *         "payAsYouGo": false,
                     *         "frozen": false,
                     *         "apiKey": "key_free_0123456789abcdef"
                     *       },
                     *       {
                     *         "id": "ws_paid",
                     *         "name": "Paid workspace",
                     *         "plan": "paid",
                     *         "payAsYouGo": false,
                     *         "frozen": false,
                     *         "apiKey": "key_paid_0123456789abcdef"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Workspace"][];
                };
            };
        };
    };
    createWorkspace: {
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
                 *       "name": "Pay-as-you-go workspace",
                 *       "plan": "free",
                 *       "topUpCredits": 50
                 *     }
                 */
                "application/json": components["schemas"]["CreateWorkspace"];
            };
        };
        responses: {
            /** @description The new workspace. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "ws_3",
                     *       "name": "Pay-as-you-go workspace",
                     *       "plan": "free",
                     *       "payAsYouGo": true,
                     *       "frozen": false,
                     *       "apiKey": "key_3_0123456789abcdef"
                     *     }
                     */
                    "application/json": components["schemas"]["Workspace"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    rotateApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Workspace id. */
                id: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new key. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "apiKey": "key_free_fedcba9876543210"
                     *     }
                     */
                    "application/json": {
                        apiKey: string;
                    };
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    resetWorkspaces: {
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
                 *       "workspaces": [
                 *         "ws_free_demo",
                 *         "ws_payg_demo"
                 *       ]
                 *     }
                 */
                "application/json": {
                    workspaces: components["schemas"]["WorkspaceIds"];
                };
            };
        };
        responses: {
            /** @description The workspaces as they were made, in the order named. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workspace"][];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    resetWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Workspace id. */
                id: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workspace as it was made. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workspace"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    getClock: {
        parameters: {
            query?: {
                /** @description A workspace id; its own time. */
                workspace?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The clock. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "now": "2025-03-10T08:00:00.000Z",
                     *       "frozen": true
                     *     }
                     */
                    "application/json": components["schemas"]["Clock"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    setClock: {
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
                 *       "advanceSeconds": 3600
                 *     }
                 */
                "application/json": components["schemas"]["SetClock"];
            };
        };
        responses: {
            /** @description The clock after the change, and what it ran. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "now": "2025-03-10T09:00:00.000Z",
                     *       "frozen": true,
                     *       "published": [
                     *         "post_1"
                     *       ],
                     *       "failed": []
                     *     }
                     */
                    "application/json": components["schemas"]["ClockResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    setChannelFailure: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Channel id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "fail": true
                 *     }
                 */
                "application/json": {
                    fail: boolean;
                };
            };
        };
        responses: {
            /** @description The channel's failure switch. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "ch_x_1",
                     *       "fail": true
                     *     }
                     */
                    "application/json": {
                        id: string;
                        fail: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    getLimits: {
        parameters: {
            query?: {
                /** @description A workspace id; the limits it has. */
                workspace?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The limits. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "postsPerHour": 90,
                     *       "allowLoopbackWebhooks": false,
                     *       "freeStorageBytes": 1073741824,
                     *       "freeLibraryBytes": 2147483648,
                     *       "caps": {
                     *         "posts": 100000,
                     *         "media": 20000,
                     *         "ledgerEntries": 200000,
                     *         "openTickets": 1000,
                     *         "briefDocuments": 1000,
                     *         "briefRevisions": 100,
                     *         "notifications": 1000,
                     *         "webhooks": 100,
                     *         "workspaces": 100,
                     *         "pendingConsents": 1000,
                     *         "authorizationCodes": 1000,
                     *         "accessTokens": 10000,
                     *         "deliveries": 1000,
                     *         "journal": 1000,
                     *         "postBytes": 67108864,
                     *         "briefBytes": 33554432,
                     *         "mediaBytes": 16777216,
                     *         "webhookBytes": 1048576,
                     *         "pendingConsentBytes": 4194304,
                     *         "deliveryBytes": 16777216,
                     *         "journalBytes": 33554432
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Limits"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    setLimits: {
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
                 *       "postsPerHour": 3,
                 *       "allowLoopbackWebhooks": true
                 *     }
                 */
                "application/json": components["schemas"]["LimitsUpdate"];
            };
        };
        responses: {
            /** @description The new limits. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "postsPerHour": 3,
                     *       "allowLoopbackWebhooks": true,
                     *       "freeStorageBytes": 1073741824,
                     *       "freeLibraryBytes": 2147483648,
                     *       "caps": {
                     *         "posts": 100000,
                     *         "media": 20000,
                     *         "ledgerEntries": 200000,
                     *         "openTickets": 1000,
                     *         "briefDocuments": 1000,
                     *         "briefRevisions": 100,
                     *         "notifications": 1000,
                     *         "webhooks": 100,
                     *         "workspaces": 100,
                     *         "pendingConsents": 1000,
                     *         "authorizationCodes": 1000,
                     *         "accessTokens": 10000,
                     *         "deliveries": 1000,
                     *         "journal": 1000,
                     *         "postBytes": 67108864,
                     *         "briefBytes": 33554432,
                     *         "mediaBytes": 16777216,
                     *         "webhookBytes": 1048576,
                     *         "pendingConsentBytes": 4194304,
                     *         "deliveryBytes": 16777216,
                     *         "journalBytes": 33554432
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Limits"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Workspace id. */
                id: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhooks. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "wh_1",
                     *         "name": "Publish log",
                     *         "url": "https://hooks.example.com/published",
                     *         "integrations": "all"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Webhook"][];
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Workspace id. */
                id: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Publish log",
                 *       "url": "https://hooks.example.com/published",
                 *       "integrations": [
                 *         "ch_x_1"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateWebhook"];
            };
        };
        responses: {
            /** @description The new webhook. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "wh_2",
                     *       "name": "Publish log",
                     *       "url": "https://hooks.example.com/published",
                     *       "integrations": [
                     *         "ch_x_1"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Workspace id. */
                id: components["parameters"]["WorkspaceId"];
                /** @description Webhook id. */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook is deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "deleted": true
                     *     }
                     */
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    sendTestWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Workspace id. */
                id: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://hooks.example.com/published"
                 *     }
                 */
                "application/json": {
                    /** Format: uri */
                    url: string;
                };
            };
        };
        responses: {
            /** @description The test request was sent. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "sent": true
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        sent: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    listDeliveries: {
        parameters: {
            query?: {
                /** @description Workspace id; only its deliveries. */
                workspace?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deliveries, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "dl_1",
                     *         "webhookId": "wh_1",
                     *         "workspaceId": "ws_free",
                     *         "url": "https://hooks.example.com/published",
                     *         "body": [
                     *           {
                     *             "id": "post_1",
                     *             "content": "Spring launch is live.",
                     *             "publishDate": "2025-03-10T09:00:00.000Z",
                     *             "releaseURL": "https://x.example.com/acme/status/1",
                     *             "state": "PUBLISHED",
                     *             "integration": {
                     *               "id": "ch_x_1",
                     *               "name": "Acme on X",
                     *               "providerIdentifier": "x",
                     *               "picture": null,
                     *               "type": "social"
                     *             }
                     *           }
                     *         ],
                     *         "status": 200,
                     *         "error": null,
                     *         "at": "2025-03-10T09:00:00.000Z",
                     *         "test": false
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Delivery"][];
                };
            };
        };
    };
    listRequests: {
        parameters: {
            query?: {
                /** @description An operationId of the public API, e.g. createPosts. */
                operation?: string;
                /** @description Workspace id of the caller. */
                workspace?: string;
                /** @description A status (`201`) or a class (`4xx`). */
                status?: string;
                /** @description HTTP method. */
                method?: string;
                /** @description The exact path as recorded, e.g. /api/public/v1/posts. */
                path?: string;
                /** @description Only requests received at or after this instant of the mock clock. */
                since?: string;
                /** @description Only entries after this `seq` (works on a frozen clock). */
                after?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The matching entries, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "bodies": true,
                     *       "cap": 1000,
                     *       "forgotten": 0,
                     *       "lastSeq": 1,
                     *       "entries": [
                     *         {
                     *           "seq": 1,
                     *           "method": "POST",
                     *           "path": "/api/public/v1/posts",
                     *           "operationId": "createPosts",
                     *           "workspaceId": "ws_payg_demo",
                     *           "status": 200,
                     *           "at": "2026-01-05T09:00:00.000Z",
                     *           "receivedAt": "2026-11-23T12:00:00.000Z",
                     *           "bodyBytes": 212,
                     *           "latencyMs": 0,
                     *           "body": {
                     *             "type": "schedule",
                     *             "date": "2026-01-06T10:00:00.000Z",
                     *             "shortLink": false,
                     *             "tags": [],
                     *             "posts": []
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Journal"];
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    clearRequests: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many entries were forgotten. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "cleared": 12
                     *     }
                     */
                    "application/json": {
                        cleared: number;
                    };
                };
            };
        };
    };
    getLatency: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The latency in force. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "latency": "createPosts=1500,listPosts=50-200,100",
                     *       "seed": 7
                     *     }
                     */
                    "application/json": components["schemas"]["Latency"];
                };
            };
        };
    };
    setLatency: {
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
                 *       "latency": "100-800",
                 *       "seed": 7
                 *     }
                 */
                "application/json": components["schemas"]["LatencyUpdate"];
            };
        };
        responses: {
            /** @description The latency now in force. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "latency": "100-800",
                     *       "seed": 7
                     *     }
                     */
                    "application/json": components["schemas"]["Latency"];
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    listOverrides: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The overrides in force. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "cap": 100,
                     *       "overrides": [
                     *         {
                     *           "id": "ovr_1",
                     *           "operationId": "createPosts",
                     *           "status": 402,
                     *           "times": 2,
                     *           "remaining": 1,
                     *           "used": 1
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["OverrideList"];
                };
            };
        };
    };
    createOverride: {
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
                 *       "operationId": "createPosts",
                 *       "status": 402,
                 *       "times": 2
                 *     }
                 */
                "application/json": components["schemas"]["OverrideCreate"];
            };
        };
        responses: {
            /** @description The override, in force from the next call. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "ovr_1",
                     *       "operationId": "createPosts",
                     *       "status": 402,
                     *       "times": 2,
                     *       "remaining": 2,
                     *       "used": 0
                     *     }
                     */
                    "application/json": components["schemas"]["Override"];
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    clearOverrides: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many overrides were cleared. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "cleared": 1
                     *     }
                     */
                    "application/json": {
                        cleared: number;
                    };
                };
            };
        };
    };
    deleteOverride: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The override's id, as `POST /overrides` answered it. */
                overrideId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The override is cleared. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "deleted": true
                     *     }
                     */
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description No override has this id (it was cleared, spent, or reset away). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "msg": "Override not found",
                     *       "message": "Override not found"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    topUpWallet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Workspace id. */
                id: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "credits": 50
                 *     }
                 */
                "application/json": {
                    credits: number;
                };
            };
        };
        responses: {
            /** @description The wallet after the top-up. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "balance": 50,
                     *       "payAsYouGo": true,
                     *       "frozen": false
                     *     }
                     */
                    "application/json": components["schemas"]["ControlWallet"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    grantCredits: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Workspace id. */
                id: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "credits": 10,
                 *       "description": "Welcome credits"
                 *     }
                 */
                "application/json": {
                    credits: number;
                    /** @description The transaction's description. */
                    description?: string;
                };
            };
        };
        responses: {
            /** @description The wallet after the grant. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "balance": 60,
                     *       "payAsYouGo": true,
                     *       "frozen": false
                     *     }
                     */
                    "application/json": components["schemas"]["ControlWallet"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    adjustWallet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Workspace id. */
                id: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "credits": -50,
                 *       "description": "Disputed payment"
                 *     }
                 */
                "application/json": {
                    /** @description Signed; positive adds, negative claws back and freezes. */
                    credits: number;
                    /** @description The transaction's description. */
                    description?: string;
                };
            };
        };
        responses: {
            /** @description The wallet after the adjustment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "balance": -2.25,
                     *       "payAsYouGo": false,
                     *       "frozen": true
                     *     }
                     */
                    "application/json": components["schemas"]["ControlWallet"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    freezeWallet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Workspace id. */
                id: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The frozen wallet. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "balance": 47.75,
                     *       "payAsYouGo": false,
                     *       "frozen": true
                     *     }
                     */
                    "application/json": components["schemas"]["ControlWallet"];
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    unfreezeWallet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Workspace id. */
                id: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The unfrozen wallet. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "balance": 47.75,
                     *       "payAsYouGo": true,
                     *       "frozen": false
                     *     }
                     */
                    "application/json": components["schemas"]["ControlWallet"];
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    setAutoTopUp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Workspace id. */
                id: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "enabled": true,
                 *       "belowCredits": 10,
                 *       "amount": 1000,
                 *       "monthlyLimit": 5000
                 *     }
                 */
                "application/json": components["schemas"]["AutoTopUpSettings"];
            };
        };
        responses: {
            /** @description The wallet with its automatic top-up settings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "balance": 47.75,
                     *       "payAsYouGo": true,
                     *       "frozen": false,
                     *       "autoTopUp": {
                     *         "enabled": true,
                     *         "belowCredits": 10,
                     *         "amount": 1000,
                     *         "monthlyLimit": 5000
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ControlWallet"] & Record<string, unknown>;
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    setPlan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Workspace id. */
                id: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "plan": "paid"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    plan: "free" | "paid";
                };
            };
        };
        responses: {
            /** @description The workspace. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "ws_free",
                     *       "name": "Free workspace",
                     *       "plan": "paid",
                     *       "payAsYouGo": false,
                     *       "frozen": false,
                     *       "apiKey": "key_free_0123456789abcdef"
                     *     }
                     */
                    "application/json": components["schemas"]["Workspace"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    getOAuthApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Workspace id. */
                id: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OAuth app. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "clientId": "pca_0123456789abcdef0123456789abcdef",
                     *       "name": "Scheduler Plus",
                     *       "description": "Plans your week.",
                     *       "picture": "https://cdn.example.com/apps/scheduler.png",
                     *       "redirectUrl": "https://scheduler.example.com/oauth/callback"
                     *     }
                     */
                    "application/json": components["schemas"]["OAuthApp"];
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    createOAuthApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Workspace id. */
                id: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Scheduler Plus",
                 *       "description": "Plans your week.",
                 *       "picture": "https://cdn.example.com/apps/scheduler.png",
                 *       "redirectUrl": "https://scheduler.example.com/oauth/callback"
                 *     }
                 */
                "application/json": components["schemas"]["CreateOAuthApp"];
            };
        };
        responses: {
            /** @description The new app with its secret. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "clientId": "pca_0123456789abcdef0123456789abcdef",
                     *       "clientSecret": "pcs_0123456789abcdef0123456789abcdef0123456789abcdef",
                     *       "name": "Scheduler Plus",
                     *       "description": "Plans your week.",
                     *       "picture": "https://cdn.example.com/apps/scheduler.png",
                     *       "redirectUrl": "https://scheduler.example.com/oauth/callback"
                     *     }
                     */
                    "application/json": components["schemas"]["OAuthAppWithSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    deleteOAuthApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Workspace id. */
                id: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The app is deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "deleted": true
                     *     }
                     */
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    updateOAuthApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Workspace id. */
                id: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "description": "Plans your week, every week."
                 *     }
                 */
                "application/json": components["schemas"]["UpdateOAuthApp"];
            };
        };
        responses: {
            /** @description The app, without its secret. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "clientId": "pca_0123456789abcdef0123456789abcdef",
                     *       "name": "Scheduler Plus",
                     *       "description": "Plans your week, every week.",
                     *       "picture": "https://cdn.example.com/apps/scheduler.png",
                     *       "redirectUrl": "https://scheduler.example.com/oauth/callback"
                     *     }
                     */
                    "application/json": components["schemas"]["OAuthApp"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    rotateOAuthSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Workspace id. */
                id: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The client id and the new secret. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "clientId": "pca_0123456789abcdef0123456789abcdef",
                     *       "clientSecret": "pcs_fedcba9876543210fedcba9876543210fedcba9876543210"
                     *     }
                     */
                    "application/json": {
                        clientId: string;
                        clientSecret: string;
                    };
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    revokeOAuthApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Workspace id. */
                id: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many tokens were revoked. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "revoked": 2
                     *     }
                     */
                    "application/json": {
                        revoked: number;
                    };
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    getBriefHistory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Workspace id. */
                id: components["parameters"]["WorkspaceId"];
                category: string;
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revisions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "revision": 1,
                     *         "at": "2025-03-01T12:00:00.000Z",
                     *         "action": "saved",
                     *         "content": {
                     *           "title": "Voice",
                     *           "blocks": [],
                     *           "links": [],
                     *           "assets": []
                     *         }
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["BriefRevision"][];
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    listFaults: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Active faults and the catalogue. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "active": [
                     *         "double-charge"
                     *       ],
                     *       "catalogue": [
                     *         {
                     *           "name": "double-charge",
                     *           "area": "wallet",
                     *           "description": "Scheduling a priced post charges it twice."
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Faults"];
                };
            };
        };
    };
    setFaults: {
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
                 *       "active": [
                 *         "double-charge"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["FaultsUpdate"];
            };
        };
        responses: {
            /** @description The faults now active, and the catalogue. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "active": [
                     *         "double-charge"
                     *       ],
                     *       "catalogue": [
                     *         {
                     *           "name": "double-charge",
                     *           "area": "wallet",
                     *           "description": "Scheduling a priced post charges it twice."
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Faults"];
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    authorizeOAuth: {
        parameters: {
            query: {
                /** @description The app's client id (`pca_...`). */
                client_id: string;
                /** @description Must be `code`. */
                response_type: "code";
                /** @description Opaque value sent back to the redirect URL. */
                state?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The consent page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Unknown app or invalid request. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    submitOAuthConsent: {
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
                 *       "client_id": "pca_0123456789abcdef0123456789abcdef",
                 *       "workspace": "ws_free",
                 *       "state": "xyz",
                 *       "decision": "approve"
                 *     }
                 */
                "application/x-www-form-urlencoded": components["schemas"]["ConsentForm"];
            };
        };
        responses: {
            /** @description Redirect to the app's redirect URL. */
            302: {
                headers: {
                    /** @description The redirect URL with `code` and `state`, or `error=access_denied` and `state`. */
                    Location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unknown app, unknown workspace or invalid form. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Approving without the control token, on a mock started with `--control-token` (a page when the browser asks for HTML). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    showWalletPage: {
        parameters: {
            query?: {
                /** @description The workspace's wallet link handle, from `topUpUrl` or a 402's `url`; without it, a list of the workspaces. */
                link?: string;
                /**
                 * @description The app's page to go back to, shown as a link: an http(s) URL, or a path on the mock's origin, whose
                 *     origin is the mock's, one of `--cors-origin`, or (when no list of origins is given) a loopback one.
                 *     Any other is left out, and the page says why.
                 */
                return?: string;
                /** @description What the last form did (`top-up`, `auto-top-up-on`, `auto-top-up-off`), shown as a notice. */
                done?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The wallet page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The query is invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Host` does not name this mock. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `link` names no workspace (made up, edited, or from an earlier run of the mock). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    submitWalletPage: {
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
                 *       "link": "wl_5d41402abc4b2a76b9719d911017c592",
                 *       "csrf_token": "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0",
                 *       "action": "top-up",
                 *       "credits": "50",
                 *       "return": "http://localhost:5173/settings"
                 *     }
                 */
                "application/x-www-form-urlencoded": components["schemas"]["WalletForm"];
            };
        };
        responses: {
            /** @description Back to the wallet page, showing what was done. */
            303: {
                headers: {
                    /** @description The wallet page with `link`, `done` and `return`. */
                    Location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The form was refused; nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The form came without the control token, on a mock started with `--control-token` (a page when the browser asks for HTML); nothing changed. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Host` does not name this mock. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exchangeOAuthCode: {
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
                 *       "grant_type": "authorization_code",
                 *       "code": "code_0123456789abcdef",
                 *       "client_id": "pca_0123456789abcdef0123456789abcdef",
                 *       "client_secret": "pcs_0123456789abcdef0123456789abcdef0123456789abcdef"
                 *     }
                 */
                "application/json": components["schemas"]["TokenRequest"];
            };
        };
        responses: {
            /** @description The access token. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "access_token": "pos_0123456789abcdef0123456789abcdef01234567",
                     *       "id": "ws_free",
                     *       "token_type": "bearer"
                     *     }
                     */
                    "application/json": components["schemas"]["TokenResponse"];
                };
            };
            /** @description Invalid request, unsupported grant type, or an unknown, used or expired code. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "invalid_grant",
                     *       "error_description": "Code has expired"
                     *     }
                     */
                    "application/json": components["schemas"]["TokenError"] | components["schemas"]["Error"];
                };
            };
            /** @description Unknown client or wrong secret. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "invalid_client"
                     *     }
                     */
                    "application/json": components["schemas"]["TokenError"];
                };
            };
        };
    };
}
