/**
 * Words people write that are spelled right, so the offline engine never reads one as a
 * misspelling of another ("whole" is not "while", "thing" is not "think"). Every word of four
 * letters or more used at least twice in the product's own prose (its product documents, decisions,
 * README, help articles and review texts), and everyday words of chat about homes and bookings;
 * no person's or city's name, so those stay open to the name and place lookups.
 */
export const ENGLISH_WORDS: ReadonlySet<string> = new Set(
  (
    'abandoned about above absent absolute accept accepted accepts access account accounts across acting ' +
    'action actions actionto active actor added addendum adding addphoto address addresses adds admin ' +
    'adminnotes adopted advanced after afternoon afterwards again against agencies aggregate aggregates ' +
    'agree ahead alarm allow allowance allowed allowlist allows alone already also always among amount ' +
    'analytics analyze angry anonymous another answer answered answers anybody anyone anything anyway ' +
    'apartment apis appear appearance appears append apperror appliances applicant applicants application ' +
    'applications applied applies apply applying appointment approval approve approved apps architecture ' +
    'arctic arctics area areas arguments arithmetic around arrive arrived arrives article articles ' +
    'ascending asking asks assertowner assets assistant assistants async attempts attention attributes ' +
    'attribution audience audit auth author automatic availability available avatar average averages ' +
    'avoid await awaited away awful baby back background badge badges band bare base baseboards basement ' +
    'baseprice baseurl basis batch bathroom bearer because become becomes bedroom been before begin ' +
    'behaviour behind being belongs below bench benchmark beside best better between beyond binding ' +
    'bindings biome biomes birthday bitcoin bits biweekly blank block body bond bonded book bookasguest ' +
    'booked booking bookingid bookings books both bottom bounded break breaks broad broke broken brought ' +
    'browse browser browsers bubble bucket bucks budget build builds built bulk bump bumps bundle bundled ' +
    'bundles bursts business busy button buttons byte bytes cabinet cache cached caches calendar call ' +
    'callbacks called caller callers calling calls came cancel cancellation cancelled cancelling cancels ' +
    'cannot canonical capital capped captions card cards careful carpet carries carry carrying case cash ' +
    'catalogue category cats cause center centre centres cents change changed changes changing characters ' +
    'charge charged chat chats chatting cheap cheaper cheapest check checked checklist checkout checkouts checkrefund ' +
    'checks child children choices choose chosen christmas chromium chunks cities city claim claims ' +
    'classes classifies clean cleaned cleaner cleanerid cleaners cleanerslots cleaning clear cleared ' +
    'clears client clients clientsecret clis clock close closed closes closets cloudflare code coded ' +
    'codes cold collapsed colours column columns combining come comes coming command comment comments ' +
    'commercial commission commit committed common compare compared compatible complete completed ' +
    'completes completion completions component components computed concurrency concurrent conditions ' +
    'condo config configured confirm confirmation confirmed confirms conflict connect connection ' +
    'connections cons consequences console const constants construction contact contain containing ' +
    'content contents context contract control controls convention conversation conversion cookie cookies ' +
    'coordinates copies copy core cores corner correct correctly cors cost costs could count counted ' +
    'country counts couple cover coverage covered covers create createapp created createdat creates ' +
    'creating credentials credit cron cross crypto csrf current currentprice custom customer customerid ' +
    'customers daily damage damaged danger dashboard dashboards data database databases date dates ' +
    'dayofweek days debian debians debit debris decent decide decided decides deciding decimal decimals ' +
    'decision decisions declarations declared declares decline declined declines decoded decoding deep ' +
    'default defaults delay delete deleted deletes delivered demo denied dependency depends deploy ' +
    'deployment deposit deps derived desc descending describe described describes description ' +
    'descriptions design desks destroy destroys destructive detail detailed details detected developers ' +
    'development dialog dialogs different dining direction directly dirty disabled disagree discovery ' +
    'discreet dishes dismissed display displayorder dispute disputed dist distance distinct distribution ' +
    'docs document documents documenttype does dogs dollars domain domains done door double down dozen ' +
    'drawer draws drift drive drives drizzle dropped drywall duplicate duration durations during dust ' +
    'dusting dynamic each earlier early earnings edit edits either element elements else elses email ' +
    'embed embeddable embedded embeds emergency empties empty encoded encrypted enddate ended endpoint ' +
    'ends endtime enforcement enforces engine engines english enough enter entities entries entry ' +
    'envelope equal equals equipment error errors estate eval even evening event events ever every ' +
    'everyone everything everywhere exact exactly example examples excellent exercised exhaustive exif ' +
    'exist existing exists expected experience expired expires expiry export exports extra facts fail ' +
    'failed failing fails failure failures fair fake fall false family faqentry faqgroup fast father ' +
    'favourite favourites feature featured features feed fetch fetched fetching fewer field fields fifth ' +
    'fifty figure figures file filename files filesize filestorage fileurl filled filter filtered filters ' +
    'find fine finish finished fire fired first firstname five fixed fixes flight floating floor floors ' +
    'flow focus folder folders folks follow followed follows font fonts footer forbidden force forget ' +
    'forgot form format formats forms forward forwarded found four frame framework free frees french ' +
    'frequency fresh fresher fridge friend friendly friends from fronts full fully function functions ' +
    'future game garage garden gate gave general generate generated generic geolocation getbooking ' +
    'getcleaner gets getting github give given gives glad glass global goal goes gone gonna good google ' +
    'gotta grant granted grants great greeting grey grid group groups grout grows guard guards guest ' +
    'guests guys gzip half hand handle handler handlers happens happy hard hash hashed hate have header ' +
    'headers health height held hello help helparticle helpers helpful helpfulvotes here hero hidden hide ' +
    'hiding high highest hire hired history hold holding holds holiday holidays home homework honest ' +
    'honestly hono honos hooks host hosted hosts hotline hour hourly hourlyrate hours house href hrefs ' +
    'html http httponly https hung hurt husband hypermedia iana idempotency idempotent idempotently idle ' +
    'ignored illegal images immediate import important imports inactive included including incredible ' +
    'incur independent index indexed indexes indicator inert info information initial initials injured ' +
    'input inputof inputs insensitive insert inserted inside inspection install installs instance instant ' +
    'instants instead instructions insurance insured integer integration integrators intent intents ' +
    'interactive interface intl into intro introduction invalid isavailable isbonded isbooked isinsured ' +
    'isolate isolates isrecurring issue isverified item items itself javascript jobs join joined joins ' +
    'joke journey jpeg json judges keep keeping keeps kept keyed keys keyword keywords kids kind kinda ' +
    'kinds kitchen kitchenette know known label labelled labels ladies lady land landing landlord lands ' +
    'language large larger last lastname late later latest latitude laundry lawn layer layering layers ' +
    'layout leak leaked lean least leave leaves ledger left legal length less lets level liability ' +
    'library libsql lifecycle lifetime light like liked limit limited limits line lines link linked ' +
    'linking links linkto lint list listed listens listing listings lists live lived lives living load ' +
    'loaded loader loaders loading loads lobby local localhost locally location lock locked logged ' +
    'logging login logout logs long longer longitude look looked looks lookup lookups loop loopback lose ' +
    'loses lost love lovely machine machines made mail mailed mailer mails majors make makes malformed ' +
    'manage managers manages manual many maps mark marked marketing marketplace marks match matches ' +
    'matching matters maximum maxlength maxprice maybe mean means meanwhile measured measures median ' +
    'meeting memory menu merged message messages metadata method middleware midnight might migrated ' +
    'migration migrations miles million milliseconds mimetype miniflare minimum minimumage minrating ' +
    'minute minutes missed misses missing mixed mobile modal mode model modelled moderation module ' +
    'modules moment monday money monorepo month months more morning most mostly mother mount mounted ' +
    'mounts move moved moveout moves movie moving much multi multipart music must name named names naming ' +
    'native navigates navigation navigations need needed needs neighbor neither network never newest news ' +
    'next nice nobody node nonce none noon nope normal nosniff note notes nothing notice notification ' +
    'null number numbers numeric oauth object objects occurrence offer offered offers office offline ' +
    'offset offsets okay omitted onboarding once onerror ones online only open openai openapi opened ' +
    'opening opens operation operationid operationids operations optional options order origin origins ' +
    'oslojs other others otherwise outbox outcomes output outside oven over overall overlap overlapping ' +
    'overlay overview overviews owner ownership owning owns package packages packed page pages pagesize ' +
    'paginated paid paint panel param parameter parameters parsed part partial partner partners parts ' +
    'party pass passed passes password passwords past patch path paths pattern pause pauseprofile paying ' +
    'payload payment payments pays pdfs peak penalty pending people percent perfect performed performs ' +
    'permission permissions persist person personal persons pets phone phones photo photos picked picker ' +
    'picks pieces pinned pixels place placeholder places plain plan planner plants plaster platform play ' +
    'played playing playwright please plus poem point points police policy poor popover port ports ' +
    'position post powers preact preferences prefix present president pretty prev previous price prices ' +
    'pricing printed prints privacy private process processed processes processing processs product ' +
    'production products profile profiles progress projected promise prompt properties property proposals ' +
    'proposed pros protected prototype prototypes proves provided provider providers proxy public ' +
    'publishable published punctuality pure purge purged push puts quality queries query question ' +
    'questions queue queued queues quick quickreplies quit quote race radius rand random range ranked ' +
    'ranking ranks rate rated rates rather rating ratings ratingsum reach reached reaches react read ' +
    'readable reading readme readonly reads ready real really realty reason rebook rebooking recent ' +
    'recipe recommend recompute record recorded records redirect redirected redirecting redo reference ' +
    'references referrer refetch refetched refetches refresh refreshed refreshes refund refunded ' +
    'refundreason refunds refusal refused refuses register registry regular reject rejected rejecting ' +
    'rejection rejects related relationship relative release released reliable reload remains reminded ' +
    'reminder reminders remote removed removes renamed render renderer rendering renders renovation ' +
    'replace replaced replayed replies reply replys report reported reports request requester requests ' +
    'requireadmin required requires reschedule rescheduling reservation reserve reset residential resolve ' +
    'resolved resolves resource resources respond responds response responses rest restore restrooms ' +
    'result results resumed retention retried retry return returns reused revenue reverse review ' +
    'reviewarea reviewcorpus reviewcount reviewed reviews reviewtier right role roles room rooms root ' +
    'roots rotation round rounding route router routes routine rows rugs rule rules runner running runs ' +
    'runtime rushed safe safety said same sandbox save saved saves says scared scary schedule scheduled ' +
    'schedules scheduling schema schemas schemes scope scoped score scored scores screen screens script ' +
    'scripts scroll scrolling scrolls scrypt sdks search searches season second seconds secret secrets ' +
    'section secure security seed seeded seeding seeds seen sees select selected selects self sell ' +
    'semantics send sending sends sent separate separately serialised serialises serve served server ' +
    'servers serves service serviceareas serviceid services servicetype servicetypes serving session ' +
    'sessionid sessions sets setup several shadow shall shape shapes share shared shares sharing shell ' +
    'shift shop short shorter should show showing shown shows sick side sign signature signed signing ' +
    'signs silently sills since single siren sirens site sites sits size skipped skips slot slots small ' +
    'smaller smells socket sofa solid some somebody someone something sometimes song soon sorry sort ' +
    'sorta sortby sorted sortorder sorts source sources space spanish speak speaking spec special specs ' +
    'spend spent sports spotless spots spring sqld sqlite sqlites stable stack staff stain stale stalls ' +
    'star stars start startdate started starting starts starttime stat state statement statements states ' +
    'static statistics stats status statuses stay stayed stays step steps sticky still stock stocks stole ' +
    'stolen stop stopped stops storage store stored stores story stranger strangers streaks stream ' +
    'streamed streams strict string strings stripe stripes structure stub studio stuff style styles ' +
    'styling subject submission submit submitted submitting subscribe subscribers succeeded succeeds ' +
    'success successful successfully such suggestions suite summary summer sunday sunrise support ' +
    'supports sure survive synchronous system table tables tabs tags take taken takes talk talking target ' +
    'targets team teams tell tells template templated templates temporary terms terrible test tested ' +
    'tests text texts than thank thanks thanksgiving that their theirs them then there these they thing ' +
    'things third this thorough those though threat three throttle through tiles time timeout timer times ' +
    'timespent timestamp tipping tips tired title titles toast toasts today together toggle toggles token ' +
    'tokens told toml tomorrow tonight took tool tooling tools topic total totalamount totalprice ' +
    'totalreviews totp touching town tracks transaction transactions transition transitions transport ' +
    'tree tried trigger triggers trimmed trimming trip true trust tsconfig tsup tuned tuning turn turned ' +
    'turning turns turso twice type typecheck typed types typescript typing unable unauthorized ' +
    'unavailable unchanged under undo unique unit unknown unless unpaid unreachable unread unresolved ' +
    'unsafe until unused upcoming update updated updates upholstery upload uploaded uploads upset urls ' +
    'used user userid users usertype uservote uses using usual usually valid validate validated validates ' +
    'validation valuables value values variable variant verification verified verifier version versions ' +
    'very vetted view visible visit visitor visitors vite vitest vote votes votetype voting wait waited ' +
    'waiting waits walks wall wanna want warning wasm water weather webhook webhooks wedding week weekday ' +
    'weekend weekly weeks well went were what whatever when where whether which while whoever whole whom ' +
    'whose wide widget widgets wife will window windows winter wiped with within without wizard word ' +
    'words work worker workerd workers working works workspace workspaces world worried worst would ' +
    'wouldrebook wrangler write writer writers writes writing written wrong wrote yard yeah year years ' +
    'yesterday yield your yyyy zipcode zone zonedtoutc zones zustand ' +
    // Everyday chat words the prose above lacks.
    'buddy pal neighbor neighbour coworker roommate deal stuff lady guys folks honestly basically literally totally kinda sorta gonna gotta lots nope yep ' +
    // Short everyday words, so "use maria lopez" or "my mom's cleaner" is no name.
    'use say try guy mom dad man men kid son ask saw let see put old new big bad hey nah lot way day job fix buy ' +
    'pay add due end top low far few pro app web fee tax tip own set run ran cut hit fun sad mad via per sir sis ' +
    'bro aunt uncle boss cousin sister brother woman nextdoor swear swears swore recommended suggested loved ' +
    'pull pulls tenant realtor agent her him his she they them think thought guess maybe'
  ).split(' '),
);
