/**
 * Phrases that name their help article outright (decision 047): matched before any search, in
 * order, by the offline engine's classifier (intents.ts). Danger and a refund not back come first,
 * whatever else a message says (`URGENT`).
 */

/** Phrases that name their article outright, whatever else the words are near. */
export const TOPICS: Array<[RegExp, string]> = [
  [
    /\b(allow|allows|allowed|ok with|okay with|fine with|mind|cope with)\b.{0,15}\b(pets?|dogs?|cats?)\b|\b(pets?|dogs?|cats?) (allowed|ok|okay|a problem)\b/i,
    'home-access',
  ],
  [
    /^(?!.*\bonly\b).*\b(clean (criminal )?records?\b|\bcriminal (records?|history|past|background))\b/i,
    'background-checks',
  ],
  [
    /\bhow (one|you|people|someone|a person) books?\b|\bstep[\s-]by[\s-]step\b.{0,40}\bbook(s|ing)?\b|\bwalk me through\b.{0,30}\bbook(ing)?\b/i,
    'how-to-book',
  ],
  [
    /\b(as a guest|guest booking|partner('?s)? (site|website|page)|(agent|agency|realtor|landlord)('?s)? (site|website|page))\b.{0,110}\b(cancel\w*|change|move|reschedul\w*|manage|modify|edit)\b|\b(cancel\w*|change|move|reschedul\w*|manage|modify)\b.{0,60}\b(as a guest|guest booking)\b|\bpowered by spotless\b.{0,80}\b(cancel\w*|change|move|reschedul\w*|manage|modify)\b/i,
    'guest-booking',
  ],
  [
    /\b(insured|insurance|bonded)\b.{0,40}\b(cover|covers|covered|matters?|protects?)\b.{0,20}\b(my|stuff|things|belongings|home|house|damage)\b|\b(insured|insurance)\b.{0,20}\b(vs\.?|versus|or|and)\b.{0,10}\bbond(ed|ing)?\b.{0,40}\b(difference|mean|means)\b|\bdifference between\b.{0,20}\b(insured|bonded|insurance)\b|\b(insured|bonded)\b.{0,10}\b(vs\.?|versus)\b/i,
    'insured-bonded',
  ],
  [
    /\b(cancel\w*) (late|last[\s-]minute|too late)\b.{0,40}\b(keep|fee|charge|cost|pay|lose)\b|\blate cancel\w*\b.{0,40}\b(keep|fee|charge|cost|pay|lose|policy)\b/i,
    'cancellation-charge',
  ],
  [
    /^\W*(if|what if|what happens if)\b.{0,40}\b(gets? hurt|injured|injures?|hurts? (themselves|herself|himself))\b/i,
    'insured-bonded',
  ],
  [/^\W*why\b.{0,60}\$\d+.{0,40}\b(another|other|others|the next)\b/i, 'cost'],
  [
    /\bstaffing agency\b|\b(work for (you|u)|employees?) or (for )?(themselves|independent|contractors?)\b|\bindependent contractors?\b/i,
    'how-it-works',
  ],
  [
    /\b(fee|charge|penalty)\b.{0,30}\bcancel\w*.{0,50}\b(whole|full|entire|part|all of)\b|\bcancel\w*.{0,20}\b(fee|charge|penalty)\b.{0,50}\b(whole|full|entire|part)\b/i,
    'cancellation-charge',
  ],
  [
    /\b(bump|push|move|shift) (it|(my|the)( next| upcoming)? (booking|cleaning|clean|appointment|visit))\b.{0,20}\b(later|earlier|back|forward|a day|another day|a few hours|an hour)\b/i,
    'reschedule',
  ],
  [
    /\b(hand|give|share|sell|pass)\b.{0,20}\bmy (address|phone|number|info|information|data|details)\b/i,
    'data-sharing',
  ],
  [
    /\b(messaged|emailed|e-mailed|wrote to|contacted|called) (support|you|your team|customer service|spotless)\b.{0,40}\b(nothing|no (reply|answer|response)|haven'?t heard|not heard|still waiting)\b/i,
    'support-response',
  ],
  [
    /\bbleach\w*\b.{0,60}\b(rug|carpet|couch|floor|clothes|towel|stain|blotch|spot|ruined|counter)\b|\bblotch\b/i,
    'damage',
  ],
  [
    /^\W*(are|is|do|does|have)\s+(all\s+)?((your|the|these|those|spotless|spotless's)\s+)?(cleaners?|pros|people|they|staff|maids?|workers)\b.{0,25}\b(background[- ]?checked|criminal|checked|vetted|screened)\b/i,
    'background-checks',
  ],
  [/\bdo (you|u|y'?all|you guys|spotless)( \w+)? (background[\s-]?check|vet|screen)\b/i, 'background-checks'],
  [
    /\b(what'?s|what is|whats|what are) (the|your) (refund |cancel(lation|ling)? )?(rules?|polic(y|ies))\b.{0,20}\b(cancel\w*|refund)\b|\b(what'?s|what is|whats) the (cancel(lation|ling)?|refund) (rules?|polic(y|ies))\b/i,
    'cancellation-policy',
  ],
  [/\bdrug[\s-]?(test|tests|tested|testing|screen|screens|screened|screening)\b/i, 'background-checks'],
  [
    /^\W*(are|is|do|does)\s+(all\s+)?((your|the|these|those|spotless|spotless's)\s+)?(cleaners?|pros|people|they|staff|maids?|workers)\b.{0,25}\b(insured|bonded|covered)\b/i,
    'insured-bonded',
  ],
  [
    /\b(breaks?|breaking|broke(?! down)|broken|cracked|smashed|shattered|scratch(es|ed)?|ruin(s|ed)?|knocked (over|off|down)|dropped|damaged?|destroyed|chip(s|ped)?|dent(s|ed)?|stain(s|ed)?)\b.{0,80}\b(who pays|what (actually )?happens|pay for|cover|compensat\w*|reimburs\w*|what (do|should|can) i do|claim|insurance|responsible|report\w*|who (do|should|can) i (tell|contact|call|notify)|deadline|time limit)\b|\b(left|made|caused)\b.{0,15}\b(scratch(es)?|dents?|stains?|cracks?|chips?|holes?|burn marks?|marks)\b|\b(cleaner|she|he|they)\b.{0,30}\b(breaks?|broke(?! down)|scratch(es|ed)?|cracked|smashed|shattered|scratched|ruined|knocked|dropped|damaged|destroyed|chipped|dented|stained)\b/i,
    'damage',
  ],
  [
    /\b(do|will) (i|we) (need|have) to be (home|there|around|in)\b|\b(won'?t|wont|will not|not going to|can'?t|cannot) be (home|there|around|in)\b.{0,80}\b(cats?|dogs?|pets?|keys?|get in|let (them|her|him) in)\b|\b(key|keys|lockbox|lock box|door code|gate code|let (them|her|him|the cleaner) in|let (themselves|themself|herself|himself) in|get in|access)\b.{0,80}\b(not (be )?home|away|at work|work all day|cleaner|mat)\b|\b(not (be )?home|won'?t be home|wont be home|not going to be home|out of town|away|at work)\b.{0,60}\b(key|keys|let (them|her|him) in|get in)\b|\blet (themselves|themself|herself|himself) in\b|\b(dogs?|cats?|pets?|puppy|animals?|parrots?|birds?|rabbits?|bunny|snakes?|lizards?|hamsters?)\b.{0,80}\b(cleaner|whoever comes|strangers?|lock (them|it) (up|in)|when (they|she|he) (come|comes|arrive))\b/i,
    'home-access',
  ],
  [
    /\bbring (their|there|thier|her|his) own\b|\b(buy|get|provide|have)\b.{0,10}\b(bleach|paper towels|cleaning stuff|cleaning supplies|sprays?|detergents?)\b|\b(bring|brings|bringing|provide|provides|use|uses|have|has)\b.{0,25}\b(own )?(supplies|equipment|cleaning products|products|vacuums?|mops?|chemicals)\b|\b(supplies|equipment|cleaning products|vacuums?|mops?|chemicals)\b.{0,30}\b(included|brought|provided|bring|provide|need to (buy|have|get|provide)|do i need)\b|\bdo i (need|have) to (buy|get|have|provide)\b.{0,20}\b(supplies|products|vacuum|mop|anything)\b/i,
    'supplies',
  ],
  [
    /\b(book(ed|ing)?|reserv(ed|ation))\b.{0,60}\b(through|via|on|from|using)\b.{0,40}\b(agent|agency|realtor|real estate|partner|landlord|property manager|someone else'?s|another|their) ?('?s)? ?(web ?site|site|page)?\b|\bpowered by spotless\b/i,
    'guest-booking',
  ],
  [
    /\b(where|how) (do|can|should|would) i (go to |go and )?pay\b|^(?!.*\b(cancel|refund)).*\b(take|accept|pay (with|by|using|via|in)|use|support)\b.{0,20}\b(apple ?pay|google ?pay|venmo|paypal|cash ?app|zelle|cash|checks?|cheques?|amex|american express|debit cards?|prepaid cards?)\b|\bpay (for )?(the|my|a) (booking|cleaning)\b.{0,30}\b(pending|unpaid|not paid)\b/i,
    'how-to-pay',
  ],
  [
    /\b(how|where|can i|want to|like to)\b.{0,25}\b(leave|write|post|give|add|submit)\b.{0,15}\b(a |an |my )?(review|rating|stars?)\b|\bcan i (still )?(rate|review)\b|\b(too late|still time) to (rate|review)\b/i,
    'reviews',
  ],
  [
    /\b(booked|booking) (as a guest|without an account)\b|\bas a guest\b.{0,40}\b(cancel|change|move|manage|find)\b/i,
    'guest-booking',
  ],
  [
    /\bcancel\w*\b.{0,40}\bnothing (back|returned|refunded)\b|\bnothing back on my (card|account|statement)\b|\brefund\b.{0,60}\b(nothing|not|isn'?t) (on|in|showing on|showing in) my (card|statement|account|bank)\b|\brefund\b.{0,80}\b(where is it|where'?s it|still (nothing|waiting|not here)|it'?s been \d+ (days|weeks)|been (over )?(a week|\d+ days|\d+ weeks))\b|\b(don'?t|do not|can'?t|cannot|haven'?t|have not) (see|seen|find)\b.{0,20}\b(the |my )?(money|refund|funds)\b|\bwhen (does|will|do|should) (the |my )?(money|refund|funds)\b.{0,30}\b(show up|come back|be back|arrive|appear|hit|get back|land)\b|\bwhere('?s| is) my refund\b|\b(my|the) refund\b.{0,30}\b(yet|arrive|arrived|come through|status|when|where)\b|\bhaven'?t (got|received) (my|the) refund\b|\b(money|refund|funds|charge)\b.{0,40}\b(still )?(isn'?t|isnt|is not|hasn'?t|hasnt|has not|not|never)\b.{0,15}\b(back|arrived|returned|come back|showed up|reversed|received|on my card|on my statement|showing)\b|\b(haven'?t|have not|not|never|didn'?t|did not)\b.{0,20}\b(seen|got|gotten|received|had)\b.{0,10}\b(the |my |any )?(money|refund|funds)\b|\bstill no (refund|money)\b|\b(charge|money|payment)\b.{0,20}\bstill\b.{0,20}\b(on|sitting on|showing on|there)\b|\bno refund (yet|on my card|back)\b|\b(how long|how many days|when)\b.{0,30}\brefunds?\b.{0,30}\b(hit|show up|appear|arrive|land|take|come|clear)|\brefunds?\b.{0,20}\b(hit|show up on|land in|appear on|take to)\b/i,
    'refund-status',
  ],
  [
    /\b(your|support|spotless|customer service)['’]?s? (phone|number|e-?mail|contact)\b|\bcontact (you|support)\b/i,
    'support-hours',
  ],
  [
    /^(?!.*\b(how long|keep|kept|retain|retention)\b).*(\b(delete|close|remove|deactivate|wipe|erase)\b.{0,25}\b(my )?(account|profile|chat history|chats)\b|\b(account|chat history|chats)\b.{0,30}\b(gone|deleted|erased|removed|wiped)\b|\beverything gone\b)/i,
    'delete-account',
  ],
  [
    /\blocked out\b|\bcan'?t (log|sign) ?in\b|\bforgot (my )?password\b|\b(going|go|sent|sending|goes) to (my |the |an )?(old|wrong|previous|former|work) (work )?(e-?mail|address|inbox)\b|\b(change|update|edit|reset|fix|correct)\b.{0,25}\b(my|the|account'?s?) (last |first )?(name|e-?mail|email address|phone|phone number|number|password|details)\b|\bmy (last |first |full )?(name|e-?mail|email address|phone number|number)\b.{0,20}\b(spelled wrong|misspelled|spelt wrong|wrong|incorrect|has a typo|out of date)\b/i,
    'profile-details',
  ],
  [
    /\b(can|should|do|how do|how can|where do|where can|is it ok to) (i|we|you)\b.{0,15}\b(tip|leave a tip|give a tip|add a tip)\b|\b(tips?|tipping) (etiquette|expected|included|customary|required)\b|\btip'?s? (already |also )?(included|part of|built in)\b|\bgratuity\b/i,
    'tipping',
  ],
  [
    /^(?!.*\bcancel).*\b(when|at what point)\b.{0,25}\b(card|i|we) (get |be |is |gets )?(charged|billed)\b|\b(do|will|should) (i|we) (pay|get charged|be charged)\b.{0,15}\b(before|after|up ?front|in advance)\b|\bpay (up ?front|in advance)\b|\b(do|will|when do|when will) (you|spotless|they) (charge|bill|take (the )?(money|payment))\b|\bcharged? (when|before|after) (i book|booking|the (clean|cleaning|job))\b/i,
    'how-to-pay',
  ],
  [
    /\b(the|a) tip\b.{0,30}\b(card|go|add|after|later|app)\b|\b(give|leave|add|send)\b.{0,25}\b(a little |something )?(extra|bonus|holiday gift)\b|\bforgot to tip\b|\btip\b.{0,30}\b(after the fact|afterwards|later|still)\b/i,
    'tipping',
  ],
  [
    /\b(contact form|contact page|file a complaint|make a complaint|complain about|formal complaint|send a complaint|complaint form|feedback)\b/i,
    'support-response',
  ],
  [
    /\b(see|sees|access|get|know)\b.{0,10}\bmy (full )?(card|credit card|card number|card details|payment details)\b|\b(card|credit card|card details|payment details|card number)\b.{0,40}\b(safe|secure|protected|stolen|hacked|leaked)\b|\b(keep|keeps|store|stores|save|saves|hold|holds)\b.{0,15}\b(my )?(full )?(card|credit card|card number|card details|card info)\b|\b(safe|secure)\b.{0,40}\b(my card|card details|credit card|to pay|paying|payments?)\b/i,
    'secure-payments',
  ],
  // Danger first: whatever else the message says, the answer is 911.
  [
    /\b(chemical|bleach|ammonia|fumes?|toxic)\b.{0,60}\b(cough\w*|dizzy|vomit\w*|throwing up|can'?t breathe|breathing|headache|sick)\b|\b(cough\w*|dizzy|can'?t breathe)\b.{0,40}\b(chemical|bleach|ammonia|fumes?|smell)\b|\b(going (through|thru) my (drawers|stuff|things|closet)|stealing|stole|freaking out|(man|guy|person|someone) i (don'?t|do not) know|(don'?t|do not) feel safe|not the cleaner i booked|(someone|a (man|woman|person|stranger)) (is )?at my door|water (is )?(pouring|gushing|leaking|spraying|everywhere)|fire|gas leak|smells? (of |like )?gas|gas smell|smell(ing)? gas|smoke|carbon monoxide|flood(ing|ed)?|burst pipe|electric(al)? shock|sparks?|bleeding|blood|hit (his|her|their|my) head|passed out|not breathing|seizure|unconscious|overdose|assault(ed)?|attack(ed|ing)?|threat(en(ed|ing)?)?|weapon|gun|break[- ]?in|intruder|ambulance|911|emergency(?! clean)|(i'?m|i am|feel|feeling|we'?re) (in danger|unsafe|scared|not safe)|(got|someone|somebody|they|he|she) (is |was )?(hurt|injured)|(hurt|injured|broke(?! down)|sprained|twisted|cut) (her|his|their|my|a) (wrist|arm|leg|ankle|back|head|hand|knee|finger|foot)|(slipped|fell|tripped)\b.{0,40}\b(hurt|injur\w*|stairs|floor|ladder|swell\w*)|swelling)\b/i,
    'emergency',
  ],
  [
    /\bhow (?:does|do) (?:this|it|spotless|the (?:site|app|platform|service)|this (?:whole )?(?:thing|site|app|platform|service))(?: whole thing)?(?: actually| really| even)? work\b(?!.*\b(?:cancel|refund|pay|tip|review|insur|bond|background|damage|reschedul|charge|fee))|\bhow (?:this|it|spotless) works\b|^\W*(?:hi|hey|hello)?\W*(?:i'?m |i am )?new here\b/i,
    'how-it-works',
  ],
  [
    /^(?=.*\b(wrong|problem|issue|emergency|support|help)\b)(?!.*\b(book (a|an|the|someone|somebody|cleaners?|for)|clean(ers?|ing)? (on|for))\b).*\b(anyone|anybody|someone|somebody|support|you|you guys)\b.{0,15}\b(around|available|reachable|open|there|at support|in support|working)\b.{0,25}\b(thanks ?giving|christmas|xmas|new year'?s?|holidays?)\b/i,
    'support-hours',
  ],
  [
    /\b(page|form|way|where) to (e-?mail|contact|write to|reach|message) (support|you|someone|a person)\b|\be-?mail support\b|\b(talk|speak|chat) (to|with) (a )?(human|real person|person|someone real|an agent|a manager)\b|\bnot a (bot|robot|machine)\b|\b(a |an )?(real|actual) (person|human)\b|\breport (a|my|the|this) cleaner\b/i,
    'support-hours',
  ],
  [
    /\b(number|line|hotline|someone|anyone)\b.{0,25}\b(call|reach|ring|text)\b.{0,30}\b(\d{1,2} ?am|middle of the night|after hours|at night|late at night|overnight|on (a |the )?weekends?)\b/i,
    'support-hours',
  ],
  [
    /\b(phone|number|e-?mail)\b.{0,15}\b(for|of) (support|customer service)\b|\bwhat time do (you|u) (close|open)\b|\b(support|customer service|customer care|help ?desk|helpline)\b.{0,10}(24\s?\/\s?7|24 7|around the clock|all night)|\b(support|customer service|customer care|help ?desk|helpline|your team|you guys)\b.{0,30}\b(open|opens|hours|closed|available|reachable|weekends?|sundays?|saturdays?|holidays?)\b|\b(open|hours|available)\b.{0,20}\b(support|customer service|customer care)\b/i,
    'support-hours',
  ],
  [
    /\b(personal|private|my) (info|information|data|details)\b.{0,50}\b(see|sees|share|shared|sharing|access|visible|know|get|gets|given)\b|\b(see|share|shared|sharing|access|know)\b.{0,30}\b(personal|private|my) (info|information|data|details)\b|\b(what|how much)\b.{0,40}\b(cleaners?|they|he|she)\b.{0,20}\b(see|know|get)\b.{0,20}\babout me\b/i,
    'data-sharing',
  ],
  [
    /^(?!.*\b(background|criminal|checked|vetted|screened|insured|bonded|verified|stars|rated|rating)\b).*(\b(nervous|anxious|uneasy|uncomfortable|worried|scared|weird)\b.{0,60}\b(cleaner|stranger|someone|alone)\b|\b(home alone|alone (at home|in the house))\b.{0,60}\b(cleaner|advice|tips?|safe)\b)/i,
    'safety-tips',
  ],
  [
    /\b(minimum|min) age\b|\bage (limit|requirement|restriction)s?\b|\bhow old\b|\b(i'?m|i am) (1[0-7]|[1-9])\b|\b(1[0-7]|[1-9])[\s-]?(years?|yrs?)[\s-]old\b|\b(1[0-7]|[1-9])[\s-]?y\/?o\b|\bunder 18\b|\bminors?\b|\bteen(ager)?s?\b|\b(daughter|son|kid|child|sister|brother|nephew|niece|grand(son|daughter|kid))\b.{0,12}\b(is|turned|aged?) (1[0-7]|[1-9])\b/i,
    'minimum-age',
  ],
  [
    /\b(sign(s|ing)? up|apply|applying|join|joining|register)\b.{0,15}\b(to clean (houses|homes)|as a cleaner|cleaning (houses|homes)|clean(ing)? for (you|spotless))\b|\b(looking for work|(looking for|need|want|find|get|any) (a )?(job|jobs|work)|hiring|join (your|the) (platform|team)|work for (you|spotless)|earn money cleaning|(approved|accepted|verified|vetted|onboarded|sign(ed)? up|register(ed)?|listed) as an? (cleaner|pro|professional)|(become|becoming) an? (cleaner|pro|professional)|my (cleaner )?application|(the |a )?(cleaner |job )?application (form|page)|apply page|apply (as|to be|to become) an? (cleaner|pro|professional)|where'?s the application|(sign ?up|registration|join|application) (form|page|link)\b.{0,15}\b(for )?(cleaners?|pros?|professionals?|providers?)|cleaners?['’]? (sign ?up|registration|application) (form|page|link)|(start|begin) cleaning (houses|homes)\b.{0,30}\b(through|with|for) (spotless|you)|(sign up|apply|register|join)\b.{0,15}\b(to )?(work|clean) (as|for)( an?)?( cleaner| spotless| you)?)\b/i,
    'become-a-cleaner',
  ],
  [
    /\bhow (expensive|pricey|costly)\b|\bhow much (does|do|is|are|will|would|should)( it| a| an| the| your| one)? (cleaning|clean|cleaner|cleaners|service|session|visit|house ?cleaning|home ?cleaning|maid|it)s?\b(?!.*\b(cancel|fee|tip|refund|notice)\b)|\bwhat does (it|a cleaning|cleaning|a clean) cost\b|\bwhy (do|does) (every|each|the|some|all|different) cleaners? (charge|cost)\b|\b(charge|cost|price|rate)s? (something |so )?different\b|\bhow (are|is) (the )?(prices?|pricing|costs?|rates?|total)( \w+)? (worked out|calculated|determined|set|decided|figured)\b|\bhow does (the )?pricing work\b|\bwhat do (cleaners|you) charge\b|\b(typical|average|usual) (price|cost|rate)\b/i,
    'cost',
  ],
  [
    /\b(move|push|postpone|shift)\b.{0,20}\b(my|the|a|our) (cleaning|booking|appointment|visit)\b|\b(move|push|postpone|shift|change)\b.{0,10}\bmy\b.{0,20}\b(cleaning|booking|appointment|visit)\b.{0,20}\bto\b|\bchange (the )?(date|time|day) of (a|my|the|our) (booking|cleaning|appointment|visit)\b|\b(shift|move|change|push) the (date|time|day) (on|of|for)\b|^(?!.*\bcancel).*\bre-?schedul/i,
    'reschedule',
  ],
  [
    /\b(hasn'?t|has not|didn'?t|did not|doesn'?t|does not|won'?t|will not|never|not|nobody|no one|noone|no-one)( has| have| had)? (shown up|showed up|show up|shows up|showed|arrived|arrive|come|came|turned up|turn up)\b|\bno[- ]show\b|\bstood (me )?up\b|\b(she|he|they|cleaner)\b.{0,12}\b(can'?t|cant|cannot|won'?t|isn'?t able to) (come|make it)\b|\b(she'?s|he'?s|they'?re|cleaner'?s|cleaner is|(she|he) is) not coming\b|\b(still|been) waiting for (my|the) cleaner\b|\b(\d+|an?|half an?) (mins?|minutes?|hours?|hrs?) late\b|\b(cleaner|she|he|they) (is|are|'?s) (running )?late\b|\b(might|may|won'?t|can'?t|cannot|not going to|isn'?t going to) (not )?make it\b|\bstuck (on|in) (the )?(highway|traffic|road|freeway)\b|\brunning behind\b|\b(cleaner|she|he|they) (cancels|cancelled|canceled|bails|withdr\w+)\b|\bcancels? on me\b|\b(was|were|is) supposed to (show|come|arrive|be here|start)\b.{0,60}\b(nothing|nobody|no one|not here|isn'?t here|no sign|not answering|isn'?t answering|not responding|isn'?t responding|no answer|no reply|still not|ago)\b/i,
    'cleaner-late',
  ],
];

/** "What services do you offer?", "what do you guys actually clean", "price list". */
export const SERVICES_ASKED =
  /\b(deep|house|regular|standard|normal|move[\s-]?(in|out)|office)\b.{0,30}\b(compared? (to|with)|vs\.?|versus|or)\b.{0,30}\b(deep|house|regular|standard|normal|move[\s-]?(in|out)|office)\b.{0,15}\bclean|\bdifference between\b.{0,40}\bclean|\b(what|which) (kinds?|types?|sorts?) of (cleaning|services?)\b|\b(what|which|list|types?|kinds?)\b.{0,30}\bservices\b|\bservices\b.{0,20}\b(offer|provide|available|do you)\b|\bprice list\b|\b(menu|list|rundown|overview)\b.{0,20}\b(of )?(cleaning|services?|types?)\b|\bhow long (does|do|will|would|is) (a |an |the )?.{0,30}\bclean(ing)?\b.{0,30}\b(take|last)\b|\bwhat do (you|u)( guys| all| folks)?( actually| even)? clean\b|\bwhat else do (you|u)( guys| all)? (do|offer|clean)\b|\bwhat else (can|could) (i|we) (book|get)\b|\bwhat does each (one )?cost\b|\b(what|how much) each (one )?costs?\b|\bhow much (is|are|for) each( one)?\b|\b(cleaning|service) (types|kinds|options)\b|\bwhat (all )?do (you|u|y'?all)( guys| all)? offer\b|\bwhat do (those|these|they|both) (run|cost|go for)\b|\bhow much (are|do|for) (those|these|both)\b|\b(list|menu) of (what|everything) (you|u|y'?all)( guys| all)? (offer|do)\b|\b(price|cost|rate)s? (for|of) each\b/i;

/** Answered whatever else a message says, in this order: danger, then money not back, then damage. */
export const URGENT = ['emergency', 'refund-status', 'damage'] as const;
